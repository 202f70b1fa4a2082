// One of the home page's sections, in the order editors gave them; documentaries and journeys
// together under one Watch heading, where the first of them is.
import type { HomeSection } from '../../../api/contract';
import { Section } from '../../../components/Section';
import { isSitePath } from '../../../lib/site-path';
import { sectionItems } from '../slice';
import { SectionCards } from './SectionCards';

function isWatchSection(section: HomeSection): boolean {
  return section.target_type === 'documentaries' || section.target_type === 'journeys';
}

export function ContentSection({
  item,
  index,
  sections,
  watchTitle,
}: {
  item: HomeSection;
  index: number;
  sections: HomeSection[];
  watchTitle: string | null | undefined;
}) {
  if (isWatchSection(item)) {
    const videoGroups = sections.filter(isWatchSection);
    if (item !== videoGroups[0]) return null;
    const shown = videoGroups.filter((group) => sectionItems(group).length > 0);
    if (shown.length === 0) return null;
    return (
      <section className="section" aria-labelledby="home-watch">
        <h2 id="home-watch" className="section__title">
          {watchTitle ?? 'Watch'}
        </h2>
        {shown.map((group, n) => (
          <Section key={group.target_type} id={`home-${group.target_type}-${n}`} title={group.title} level={3}>
            <ul className="card-row">
              <SectionCards section={group} headingLevel={4} />
            </ul>
          </Section>
        ))}
      </section>
    );
  }
  if (sectionItems(item).length === 0) return null;
  const news = item.target_type === 'news';
  return (
    <Section id={`home-${item.target_type}-${index}`} title={item.title} link={sectionLink(item)}>
      {news ? (
        <ol className="card-grid news-list">
          <SectionCards section={item} />
        </ol>
      ) : (
        <ul className="card-row">
          <SectionCards section={item} />
        </ul>
      )}
    </Section>
  );
}

/** A section's link, when editors gave both a label and a path of this site. */
function sectionLink(section: HomeSection): { to: string; label: string } | null {
  return section.link_label && isSitePath(section.link_url)
    ? { to: section.link_url, label: section.link_label }
    : null;
}
