import { defineModule, OWNS_NOTHING } from '../../kernel/module';
import { type ContentDeps, createContent } from '.';

/** News, bulletins, questions, banners and the currency list. */
export function contentModule(deps: ContentDeps) {
  const content = createContent(deps);
  return {
    api: content,
    module: defineModule({
      domains: ['content'],
      owns: OWNS_NOTHING,
      handlers: {
        '/api/basic/news': (ctx) => content.articles('news', ctx.lang, ctx.body.page, ctx.body.size),
        '/api/basic/bulletin': (ctx) => content.articles('bulletin', ctx.lang, ctx.body.page, ctx.body.size),
        '/api/basic/question': (ctx) => content.questions(ctx.lang, ctx.body.page, ctx.body.size),
        '/api/basic/banner': (ctx) => content.banners(ctx.lang),
        '/v1/basic/currencyList': () => content.currencies(),
      },
    }),
  };
}
