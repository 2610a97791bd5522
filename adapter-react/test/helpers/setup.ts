import { configure } from '@testing-library/react';
import { EVENT_TIMEOUT } from '@resto/testing';

// waitFor and findBy* return as soon as the DOM shows what they look for; the
// default 1 s ceiling fails on a busy machine without a bug.
configure({ asyncUtilTimeout: EVENT_TIMEOUT });
