import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { AUTH_KEY, type AuthRequirement } from '../../src/common/auth/auth.decorators';

export interface AppRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Express-style path under /api, e.g. `/api/posts/:id`. */
  path: string;
  controller: string;
  handler: string;
  /** The route's @Auth requirement: undefined for public routes. */
  auth: AuthRequirement | undefined;
}

const METHODS: Partial<Record<RequestMethod, AppRoute['method']>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

const join = (...parts: string[]) => '/' + parts.map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/');

/** The routes one controller declares, read from its own metadata. */
function controllerRoutes(type: new (...args: never[]) => object): AppRoute[] {
  const routes: AppRoute[] = [];
  const base = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, type) ?? '');
  const classAuth = Reflect.getMetadata(AUTH_KEY, type) as AuthRequirement | undefined;
  const proto = type.prototype as Record<string, unknown>;
  for (const handler of Object.getOwnPropertyNames(proto)) {
    const fn = proto[handler];
    if (handler === 'constructor' || typeof fn !== 'function') continue;
    const method = METHODS[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
    const paths = Reflect.getMetadata(PATH_METADATA, fn) as string | string[] | undefined;
    if (!method || paths === undefined) continue;
    const auth = (Reflect.getMetadata(AUTH_KEY, fn) as AuthRequirement | undefined) ?? classAuth;
    for (const b of base) {
      for (const p of ([] as string[]).concat(paths)) routes.push({ method, path: join('api', b, p), controller: type.name, handler, auth });
    }
  }
  return routes;
}

/**
 * Every Nest route of the running app, read from the controllers' own metadata (so a new route is
 * never missed by the suites that must cover every route: fuzzing, the permission matrix).
 */
export function appRoutes(app: INestApplication): AppRoute[] {
  const routes: AppRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (type) routes.push(...controllerRoutes(type));
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

