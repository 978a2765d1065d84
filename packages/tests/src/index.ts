/**
 * @calendar-events/tests: the harness every HTTP test uses, so that one suite runs against both adapters and
 * both databases (SPEC §1: identical results on every binding).
 * @module
 */
export { ALL_BINDINGS, BINDINGS, type Binding, selectBindings, selectByName } from './bindings.js';
export {
  ALL_DIALECTS,
  createSharedTestDatabase,
  createTestSchema,
  type DialectName,
  postgresUnreachableError,
  probePostgres,
  requirePostgres,
  type SharedTestDatabase,
  TEST_PG_URL,
  type TestDialect,
  type TestSchema,
  testDialects,
  warnPostgresSkipped,
} from './databases.js';
export { describeContract } from './describe-contract.js';
export {
  DERIVED_IDS,
  FAKE_COSTS,
  FAKE_PASSWORDS,
  FAKE_TEC_LOGIN,
  type FakeSiteData,
  type FakeTecFaults,
  type FakeTecOptions,
  type FakeTecServer,
  type FakeUser,
  fakeSiteData,
  startFakeTec,
} from './fake-tec/index.js';
export { encodePhpForm } from './form-encoding.js';
export {
  expandManyWithPython,
  expandWithPython,
  PYTHON_ICAL,
  type PythonCalendar,
  type PythonEvent,
  type PythonIcalRequest,
  type PythonIcalResult,
  type PythonOccurrence,
  parseManyWithPython,
  parseWithPython,
  pythonIcalProblem,
  requirePythonIcal,
  runPythonIcalBatch,
  startInstants,
} from './python-ical.js';
export {
  startTestService,
  type TestRequestOptions,
  type TestResponse,
  type TestService,
  type TestUser,
  type TestUserName,
} from './service.js';
