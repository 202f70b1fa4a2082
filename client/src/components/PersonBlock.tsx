// A teacher or trainer as their lesson or program presents them: portrait, name and bio, all
// edited in the CMS (the teacher's `thumbnail`, `name` and `bio`).
import type { Person } from '../api/contract';
import { Picture } from './Picture';
import { Section } from './Section';
import './person-block.css';

interface PersonBlockProps {
  person: Person;
  /** The section's heading, e.g. "Your teacher". */
  title: string;
}

export function PersonBlock({ person, title }: PersonBlockProps) {
  return (
    <Section id={`person-${person.id}`} title={title} className="person">
      <div className="person__card">
        {/* The name beside it says who it is: the portrait adds nothing for a screen reader. */}
        <Picture
          media={person.thumbnail ?? person.avatar}
          formats={['thumbnail', 'small']}
          className="person__portrait"
          alt=""
        />
        <div className="person__text">
          <p className="person__name">{person.name}</p>
          {person.bio && <p className="person__bio">{person.bio}</p>}
        </div>
      </div>
    </Section>
  );
}
