import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';
import { requestPath } from './paths';

/** The signed-in account's sessions (devices), newest first. */
export const fetchAccountSessions = (signal?: AbortSignal) => callApi(ROUTES.accountData.sessions, { signal });

export const endAccountSession = (id: string) => callApi(ROUTES.accountData.endSession, { params: { id } });

export const endOtherAccountSessions = () => callApi(ROUTES.accountData.endOtherSessions);

/** The account's data exports of the last 7 days, and when it may ask for the next. */
export const fetchDataExports = (signal?: AbortSignal) => callApi(ROUTES.accountData.exports, { signal });

export const requestDataExport = () => callApi(ROUTES.accountData.requestExport);

/** Where the browser downloads a ready export (a plain link: the answer is the ZIP, as an attachment). */
export const dataExportUrl = (id: number) => requestPath(ROUTES.accountData.export, { params: { id } });

/** Deletes the signed-in account: its owner's password proves they are at the keyboard. */
export const deleteOwnAccount = (id: number, currentPassword: string, code?: string) => callApi(ROUTES.users.delete, { params: { id }, body: code ? { currentPassword, code } : { currentPassword } });
