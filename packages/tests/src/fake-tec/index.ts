export {
  FAKE_TEC_LOGIN,
  type FakeTecFaults,
  type FakeTecOptions,
  type FakeTecServer,
  startFakeTec,
} from './server.js';
export {
  DERIVED_IDS,
  FAKE_COSTS,
  FAKE_PASSWORDS,
  type FakeSiteData,
  type FakeUser,
  fakeSiteData,
} from './site-data.js';
