/** Stylesheets are bundled as their text (tsup's `loader: { '.css': 'text' }`). */
declare module '*.css' {
  const text: string;
  export default text;
}
