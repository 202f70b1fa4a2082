import { render, screen, within } from '@testing-library/react';
import { media, person } from '../test/builders';
import { PersonBlock } from './PersonBlock';

describe('PersonBlock', () => {
  it("shows the teacher's portrait, name and bio under its heading", () => {
    render(
      <PersonBlock
        title="Your teacher"
        person={person(3, 'Amaka Oduya', {
          bio: 'Woman Grandmaster and tactics trainer.',
          thumbnail: media('teacher-03'),
        })}
      />,
    );
    const block = screen.getByRole('region', { name: 'Your teacher' });
    expect(within(block).getByText('Amaka Oduya')).toBeInTheDocument();
    expect(within(block).getByText('Woman Grandmaster and tactics trainer.')).toBeInTheDocument();
    const portrait = block.querySelector('img.person__portrait');
    expect(portrait).toHaveAttribute('src', '/media/teacher-03/small.svg');
    expect(portrait).toHaveAttribute('alt', '');
  });

  it('shows the name alone when there is no bio, and a placeholder for a missing portrait', () => {
    render(<PersonBlock title="Your teacher" person={person(4, 'Jonas Weller')} />);
    const block = screen.getByRole('region', { name: 'Your teacher' });
    expect(within(block).getByText('Jonas Weller')).toBeInTheDocument();
    expect(block.querySelector('.person__bio')).toBeNull();
    expect(block.querySelector('.picture-placeholder')).not.toBeNull();
  });
});
