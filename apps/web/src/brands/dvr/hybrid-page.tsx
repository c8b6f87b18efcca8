import { Markdown } from '../../components/markdown';
import { useDvrIntro } from '../../features/catalogue/api/get-dvr-intro';
import { ContentPage } from '../../features/catalogue/components/content-page';
import { useMediaUrl } from '../../features/catalogue/use-media-url';
import styles from './dvr.module.css';
import { DvrCards } from './dvr-cards';

/** The introduction of the range (GET /api/dvrintro), above the hybrid page's own text. */
function RangeIntroduction() {
  const { data: intro } = useDvrIntro();
  const mediaUrl = useMediaUrl();
  if (!intro) return null;
  return (
    <section aria-labelledby="range-intro-heading" className={styles.intro}>
      <h2 id="range-intro-heading">{intro.title}</h2>
      <div className={styles.introTop}>
        <img
          src={mediaUrl(intro.image.url)}
          alt={intro.image.alt}
          width={intro.image.width}
          height={intro.image.height}
          className={styles.introImage}
        />
        <div>
          <p className={styles.lead}>{intro.summary}</p>
          <Markdown tokens={intro.body} />
        </div>
      </div>
      <ul className={styles.highlights}>
        {intro.highlights.map((item) => (
          <li key={item.title}>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
      <h2>Choosing a model</h2>
      <dl className={styles.choosing}>
        {intro.choosing.map((item) => (
          <div key={item.question}>
            <dt>{item.question}</dt>
            <dd>{item.answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** `/alien-hybrid`: the sidebar's "Introduction": the range introduced, the hybrid page, the models. */
export function HybridPage() {
  return (
    <ContentPage slug="alien-hybrid" before={<RangeIntroduction />}>
      <section aria-labelledby="models-heading">
        <h2 id="models-heading">The models</h2>
        <DvrCards />
      </section>
    </ContentPage>
  );
}
