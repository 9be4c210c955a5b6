import { defineEntry, defineModule, OWNS_NOTHING } from '../../kernel/module';
import { type ContentDeps, createContent } from './service';

/** News, bulletins, questions, banners and the currency list. */
function buildContent(deps: ContentDeps) {
  const content = createContent(deps);
  return {
    api: content,
    module: defineModule({
      domains: ['content'],
      handlers: {
        '/api/basic/news': (ctx) => content.articles('news', ctx.lang, ctx.body.page, ctx.body.size),
        '/api/basic/bulletin': (ctx) => content.articles('bulletin', ctx.lang, ctx.body.page, ctx.body.size),
        '/api/basic/question': (ctx) => content.questions(ctx.lang, ctx.body.page, ctx.body.size),
        '/api/basic/banner': (ctx) => content.banners(ctx.lang),
        '/v1/basic/currencyList': () => content.currencies(),
        '/admin/content/list': (ctx) => content.adminList(ctx.body),
        '/admin/content/get': (ctx) => content.adminGet(ctx.body.kind, ctx.body.group_key),
        '/admin/content/save': (ctx) => content.adminSave(ctx.op().id, ctx.body),
        '/admin/content/delete': (ctx) => content.adminDelete(ctx.op().id, ctx.body),
      },
    }),
  };
}

export const contentModule = defineEntry({ name: 'content', owns: OWNS_NOTHING, build: buildContent });
