/// <reference types="node" />
// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time.
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { cleanup } from '@testing-library/react';

Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom lacks structuredClone, which IndexedDB (fake-indexeddb in unit tests) clones values with.
if (typeof globalThis.structuredClone !== 'function')
  Object.assign(globalThis, { structuredClone: <T>(value: T): T => deserialize(serialize(value)) as T });

afterEach(() => {
  cleanup();
  // Node-environment tests (the PDF builder under pdfkit's Node build) have no window.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
