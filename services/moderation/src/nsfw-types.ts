/** Shared by the main thread and the classifier thread; imports nothing heavy (TensorFlow.js stays in the thread). */
export const NSFW_INPUT_SIZE = 224;
export type NsfwClass = 'Drawing' | 'Hentai' | 'Neutral' | 'Porn' | 'Sexy';
export type NsfwScores = Record<NsfwClass, number>;
