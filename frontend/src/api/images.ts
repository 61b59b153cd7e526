import { DEFAULT_IMAGES, resolveImageUrl } from '@cloud9/contracts';
import { API_BASE } from './early';

export const avatarUrl = (path: string | null | undefined) => resolveImageUrl(path, API_BASE, DEFAULT_IMAGES.thumbnail);
export const bannerUrl = (path: string | null | undefined) => resolveImageUrl(path, API_BASE, DEFAULT_IMAGES.background);
