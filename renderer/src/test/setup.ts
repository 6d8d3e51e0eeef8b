/// <reference types="node" />
// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time.
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { cleanup, configure } from '@testing-library/react';

Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom lacks structuredClone, which IndexedDB (fake-indexeddb in unit tests) clones values with.
if (typeof globalThis.structuredClone !== 'function')
  Object.assign(globalThis, { structuredClone: <T>(value: T): T => deserialize(serialize(value)) as T });

// On the shared two-core machines a screen's first render with its lazy chunks can take
// seconds while other suites run: findBy* waits up to 5 s (testing-library's default is 1 s)
// and a test up to 20 s. Speed is measured by the benchmarks in test/benchmarks/, not here.
configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(20_000);

afterEach(() => {
  cleanup();
  // Node-environment tests (the PDF builder under pdfkit's Node build) have no window.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
