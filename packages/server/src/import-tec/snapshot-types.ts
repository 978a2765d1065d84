/**
 * The types shared with the writer (core's `resources/tec-import/types.ts`), in one place for the reader.
 */
export type {
  TecImportOptions,
  TecImportReport,
  TecKind,
  TecRecord,
  TecSnapshot,
  TecUser,
} from '../../../core/src/resources/tec-import/types.js';
