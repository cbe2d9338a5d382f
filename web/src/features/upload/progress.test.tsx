// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { stageMessage, stageView, SUCCESS_RESET_MS, useUploadProgress } from './progress.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('stageMessage', () => {
  it('maps progress to the five stage messages at the 20/40/60/80 boundaries', () => {
    expect(stageMessage(0)).toBe('Checking images for content and safety...');
    expect(stageMessage(19)).toBe('Checking images for content and safety...');
    expect(stageMessage(20)).toBe('Extracting text or analyzing image content...');
    expect(stageMessage(39)).toBe('Extracting text or analyzing image content...');
    expect(stageMessage(40)).toBe('Processing content...');
    expect(stageMessage(60)).toBe('Generating summaries and key points...');
    expect(stageMessage(79)).toBe('Generating summaries and key points...');
    expect(stageMessage(80)).toBe('Finalizing your note...');
    expect(stageMessage(95)).toBe('Finalizing your note...');
  });
});

describe('stageView', () => {
  const at = (stage: Parameters<typeof stageView>[0]) => stageMessage(stageView(stage, 3).progress);

  it('puts each real stage in the band of its SPEC message', () => {
    expect(at(null)).toBe('Checking images for content and safety...');
    expect(at({ stage: 'receiving', pagesRead: 0, pages: 0 })).toBe('Checking images for content and safety...');
    expect(at({ stage: 'checking', pagesRead: 0, pages: 3 })).toBe('Checking images for content and safety...');
    expect(at({ stage: 'reading', pagesRead: 0, pages: 3 })).toBe('Extracting text or analyzing image content...');
    expect(at({ stage: 'reading', pagesRead: 3, pages: 3 })).toBe('Extracting text or analyzing image content...');
    expect(at({ stage: 'processing', pagesRead: 3, pages: 3 })).toBe('Processing content...');
    expect(at({ stage: 'summarising', pagesRead: 3, pages: 3 })).toBe('Generating summaries and key points...');
    expect(at({ stage: 'saving', pagesRead: 3, pages: 3 })).toBe('Finalizing your note...');
  });

  it('says which page is being read, and fills the band page by page', () => {
    expect(stageView(null, 2).detail).toBe('Uploading 2 images');
    expect(stageView(null, 1).detail).toBe('Uploading 1 image');
    const first = stageView({ stage: 'reading', pagesRead: 0, pages: 4 }, 4);
    const third = stageView({ stage: 'reading', pagesRead: 2, pages: 4 }, 4);
    expect(first.detail).toBe('Reading page 1 of 4');
    expect(third.detail).toBe('Reading page 3 of 4');
    expect(third.progress).toBeGreaterThan(first.progress);
    expect(stageView({ stage: 'reading', pagesRead: 4, pages: 4 }, 4).detail).toBe('Reading page 4 of 4');
    // One image: no page count to tell.
    expect(stageView({ stage: 'reading', pagesRead: 0, pages: 1 }, 1).detail).toBeNull();
  });
});

describe('useUploadProgress', () => {
  it('goes idle → preparing → processing, and moves only when a stage is reported', () => {
    const { result } = renderHook(() => useUploadProgress());
    expect(result.current.phase).toBe('idle');
    act(() => result.current.prepare());
    expect(result.current.phase).toBe('preparing');
    act(() => result.current.startProcessing(2));
    expect(result.current.phase).toBe('processing');
    const sent = result.current.progress;
    expect(result.current.detail).toBe('Uploading 2 images');
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.progress).toBe(sent); // no timer moves it
    act(() => result.current.report({ stage: 'reading', pagesRead: 1, pages: 2 }));
    expect(result.current.message).toBe('Extracting text or analyzing image content...');
    expect(result.current.detail).toBe('Reading page 2 of 2');
  });

  it('never moves back (a late answer for an earlier stage)', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => result.current.startProcessing(1));
    act(() => result.current.report({ stage: 'summarising', pagesRead: 1, pages: 1 }));
    const summarising = result.current.progress;
    act(() => result.current.report({ stage: 'checking', pagesRead: 0, pages: 1 }));
    expect(result.current.progress).toBe(summarising);
    expect(result.current.message).toBe('Generating summaries and key points...');
  });

  it('success shows 100 and the success message, then resets after 2 s and runs the reset callback', () => {
    const onReset = vi.fn();
    const { result } = renderHook(() => useUploadProgress());
    act(() => result.current.startProcessing(1));
    act(() => result.current.succeed(onReset));
    expect(result.current.progress).toBe(100);
    expect(result.current.message).toBe('Note created successfully!');
    expect(result.current.detail).toBeNull();
    act(() => vi.advanceTimersByTime(SUCCESS_RESET_MS - 1));
    expect(onReset).not.toHaveBeenCalled();
    // The success display does not block the next upload.
    expect(result.current).toMatchObject({ phase: 'success', busy: false });
    act(() => vi.advanceTimersByTime(1));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ phase: 'idle', progress: 0, busy: false });
  });

  it('a new upload started during the success display begins at once, and the old reset does not cut it short', () => {
    const onReset = vi.fn();
    const { result } = renderHook(() => useUploadProgress());
    act(() => result.current.startProcessing(1));
    act(() => result.current.succeed(onReset));
    act(() => vi.advanceTimersByTime(500));
    act(() => result.current.prepare());
    expect(result.current).toMatchObject({ phase: 'preparing', busy: true });
    act(() => result.current.startProcessing(1));
    act(() => vi.advanceTimersByTime(SUCCESS_RESET_MS));
    expect(onReset).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ phase: 'processing', busy: true });
  });

  it('failure resets progress', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => result.current.startProcessing(1));
    act(() => result.current.report({ stage: 'saving', pagesRead: 1, pages: 1 }));
    act(() => result.current.fail());
    expect(result.current).toMatchObject({ phase: 'idle', progress: 0 });
  });
});
