/// <reference types="node" />
// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time.
import { TextDecoder, TextEncoder } from 'node:util';
import { cleanup } from '@testing-library/react';

Object.assign(globalThis, { TextEncoder, TextDecoder });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
