// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { PROGRESS_CAP, PROGRESS_TICK_MS, stageMessage, SUCCESS_RESET_MS, useUploadProgress } from './progress.js';

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

describe('useUploadProgress', () => {
  it('goes idle → preparing → processing and rises 1 point every 700 ms', () => {
    const { result } = renderHook(() => useUploadProgress());
    expect(result.current.phase).toBe('idle');
    act(() => result.current.prepare());
    expect(result.current.phase).toBe('preparing');
    act(() => result.current.startProcessing());
    expect(result.current.phase).toBe('processing');
    act(() => vi.advanceTimersByTime(PROGRESS_TICK_MS - 1));
    expect(result.current.progress).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.progress).toBe(1);
    act(() => vi.advanceTimersByTime(PROGRESS_TICK_MS * 19));
    expect(result.current.progress).toBe(20);
    expect(result.current.message).toBe('Extracting text or analyzing image content...');
  });

  it('caps at 95 until the server answers', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => result.current.startProcessing());
    act(() => vi.advanceTimersByTime(PROGRESS_TICK_MS * 200));
    expect(result.current.progress).toBe(PROGRESS_CAP);
    expect(PROGRESS_CAP).toBe(95);
  });

  it('success shows 100 and the success message, then resets after 2 s and runs the reset callback', () => {
    const onReset = vi.fn();
    const { result } = renderHook(() => useUploadProgress());
    act(() => result.current.startProcessing());
    act(() => vi.advanceTimersByTime(PROGRESS_TICK_MS * 3));
    act(() => result.current.succeed(onReset));
    expect(result.current.progress).toBe(100);
    expect(result.current.message).toBe('Note created successfully!');
    act(() => vi.advanceTimersByTime(SUCCESS_RESET_MS - 1));
    expect(onReset).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ phase: 'idle', progress: 0, busy: false });
  });

  it('failure resets progress and stops the ticker', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => result.current.startProcessing());
    act(() => vi.advanceTimersByTime(PROGRESS_TICK_MS * 10));
    act(() => result.current.fail());
    act(() => vi.advanceTimersByTime(PROGRESS_TICK_MS * 10));
    expect(result.current).toMatchObject({ phase: 'idle', progress: 0 });
  });
});
