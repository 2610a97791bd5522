/** The `production` export condition's answer: long messages are dropped. */
export const DEV: boolean = false;
