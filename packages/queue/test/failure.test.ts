import { UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { inappropriate, nothingExtracted } from '@snapnotes/contracts';
import { loggableError } from '../src/failure.js';

describe('loggableError', () => {
  it('gives a verdict by its code and how many files it names, never the names', () => {
    const flagged = inappropriate(['holiday-in-lisbon.png', 'payslip march.png']);
    expect(loggableError(flagged)).toBe('INAPPROPRIATE_CONTENT (2 files)');
    // As BullMQ carries it between processes: the verdict inside another error's message.
    expect(loggableError(new UnrecoverableError(flagged.message))).toBe('INAPPROPRIATE_CONTENT (2 files)');
    expect(loggableError(nothingExtracted())).toBe('NOTHING_EXTRACTED');
  });

  it('gives any other error by its message', () => {
    expect(loggableError(new Error('connect ECONNREFUSED 127.0.0.1:6379'))).toBe('connect ECONNREFUSED 127.0.0.1:6379');
    expect(loggableError('plain')).toBe('plain');
  });
});
