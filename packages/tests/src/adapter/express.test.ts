import express from 'express';
import { mountOnExpress } from './mounts.js';
import { describeAdapterTranslation } from './translation-suite.js';

describeAdapterTranslation('createCalendarRouter on Express 5', mountOnExpress(express));
