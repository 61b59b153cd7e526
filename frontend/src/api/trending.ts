import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';

export const fetchTrending = (signal?: AbortSignal) => callApi(ROUTES.trending.list, { signal });
