/** The `development` export condition's answer: long messages are kept. */
export const DEV: boolean = true;
