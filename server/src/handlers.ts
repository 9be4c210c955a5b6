import type { Handlers } from './context';
import type { AuthModule } from './modules/auth';
import type { ContentModule } from './modules/content';
import type { UsersModule } from './modules/users';

export interface Modules {
  readonly auth: AuthModule;
  readonly users: UsersModule;
  readonly content: ContentModule;
}

/** Thin handlers: parse (done by the transport), call the domain, map the result. */
export function createHandlers(m: Modules): Handlers {
  return {
    '/api/auth/login': (ctx) => m.auth.login(ctx.body, { host: ctx.host, ip: ctx.ip }),
    '/api/auth/sendEmail': (ctx) => m.auth.sendEmail(ctx.body.email, ctx.body.scene, ctx.ip, ctx.user?.id),
    '/api/auth/logout': async (ctx) => {
      await m.auth.logout(ctx.me());
      return null;
    },
    '/api/user/info': (ctx) => m.users.info(ctx.me().id),
    '/api/user/shareList': (ctx) => m.users.directReferrals(ctx.me().id, ctx.body),
    '/api/basic/news': (ctx) => m.content.articles('news', ctx.lang, ctx.body.page, ctx.body.size),
    '/api/basic/bulletin': (ctx) => m.content.articles('bulletin', ctx.lang, ctx.body.page, ctx.body.size),
    '/api/basic/question': (ctx) => m.content.questions(ctx.lang, ctx.body.page, ctx.body.size),
    '/api/basic/banner': (ctx) => m.content.banners(ctx.lang),
    '/v1/basic/currencyList': () => m.content.currencies(),
  };
}
