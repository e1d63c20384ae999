// Build-time facts injected by webpack's DefinePlugin (and by vitest's `define`).
declare const __CLIENT_VERSION__: string;
declare const __GA_MEASUREMENT_ID__: string;

export const clientVersion: string = __CLIENT_VERSION__;
export const gaMeasurementId: string = __GA_MEASUREMENT_ID__;
export const isDevelopment: boolean = process.env.NODE_ENV === 'development';
