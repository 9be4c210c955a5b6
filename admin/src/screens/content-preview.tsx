import type { Kind, Translation } from './content-draft';

/** The item roughly as the phone app shows it: image, title, date, summary, body (a question and its answer). */
export function Preview({ kind, t, publishAt }: { kind: Kind; t: Translation; publishAt: string }) {
  const heading =
    kind === 'question' ? 'Q&A' : kind === 'banner' ? 'Home' : kind === 'bulletin' ? 'Announcement' : 'News';
  return (
    <div className="phone-preview" data-testid="content-preview">
      <div className="phone-preview__bar">{heading}</div>
      <div className="phone-preview__body">
        {!t.title.trim() ? (
          <div className="phone-preview__empty">Nothing to show yet</div>
        ) : kind === 'question' ? (
          <>
            <div className="phone-preview__title">{t.title}</div>
            <div className="phone-preview__text">{t.body}</div>
          </>
        ) : (
          <>
            {t.image.trim() ? (
              <img className="phone-preview__image" src={t.image} alt="" draggable={false} />
            ) : null}
            <div className="phone-preview__title">{t.title}</div>
            {kind === 'banner' ? null : (
              <>
                <div className="phone-preview__meta">{publishAt ? publishAt.replace('T', ' ') : ''}</div>
                {t.summary.trim() ? <div className="phone-preview__summary">{t.summary}</div> : null}
                <div className="phone-preview__text">{t.body}</div>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
