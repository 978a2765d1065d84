// The `express4` alias (npm:express@4) ships no types of its own; the tests use the surface Express 4 and 5 share.
declare module 'express4' {
  import express from 'express';
  export default express;
}
declare module 'express4/package.json' {
  const manifest: { version: string };
  export default manifest;
}
