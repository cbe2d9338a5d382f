// Test helpers live in sub-paths: ./images, ./text, ./services, ./openai-standin, ./firebase.
export {};
