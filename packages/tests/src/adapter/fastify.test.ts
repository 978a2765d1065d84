import { mountOnFastify } from './mounts.js';
import { describeAdapterTranslation } from './translation-suite.js';

describeAdapterTranslation('calendarPlugin', mountOnFastify);
