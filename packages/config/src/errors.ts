/** A configuration that cannot be used; its message names every problem and how to fix it. */
export class ConfigError extends Error {}
