/**
 * Copy for the About page: mission, 3 values, a team of 4, 3 testimonials, 3 awards.
 * PLACEHOLDERS: the team, testimonials and awards below are sample copy. The shop operator replaces
 * them with the real people, quotes (with permission) and awards before going live.
 */
export const mission =
  'We make realistic dry-fire training affordable and safe, so every shooter, from a first-time licence holder to a police firearms instructor, can build sound skills at home, in the classroom and on duty without firing a single round.';

export const values = [
  {
    title: 'Innovation',
    text: 'We test new laser, recoil and target technology on our own training floor and only sell what measurably improves training: auto-resetting triggers, app-scored drills and reactive targets.',
  },
  {
    title: 'Quality',
    text: 'Every trainer matches the size, weight and controls of the firearm it stands in for, is checked before it leaves us and carries a full warranty.',
  },
  {
    title: 'Support',
    text: 'Real instructors answer your questions, help you set up apps and targets, and stay with you after the sale, from the first drill to replacement parts.',
  },
] as const;

export const team = [
  {
    name: 'Daniel Whitaker',
    role: 'Founder & Managing Director',
    bio: 'A former military small-arms instructor, Daniel founded the company after years of watching trainees run short of range time. He still designs our drill programmes.',
  },
  {
    name: 'Rūta Kazlauskienė',
    role: 'Head of Operations',
    bio: 'Rūta runs our Vilnius office and European logistics, making sure orders across the EU leave on time and arrive well packed.',
  },
  {
    name: 'Marcus Reid',
    role: 'Training Systems Lead',
    bio: 'A range safety officer and competitive pistol shooter, Marcus tests every trainer, app and target we sell before it reaches the catalogue.',
  },
  {
    name: 'Sophie Turner',
    role: 'Customer Support Manager',
    bio: 'Sophie leads the support team that answers your calls and e-mails, from app set-up questions to returns and warranty claims.',
  },
] as const;

export const testimonials = [
  {
    quote:
      'We use the training pistols for every new firearms officer course. Trainees get hundreds of clean trigger presses before they ever see live ammunition.',
    name: 'James H.',
    role: 'Police firearms instructor',
  },
  {
    quote: 'Ten minutes of dry fire with the reactive targets most evenings took a full second off my match stage times in one season.',
    name: 'Elena P.',
    role: 'Competitive pistol shooter',
  },
  {
    quote:
      'The blue training guns and knives let our unit rehearse room entries and weapon retention safely, again and again, without a range booking.',
    name: 'Tomas K.',
    role: 'Military close-quarters instructor',
  },
] as const;

export const awards = [
  { title: 'Training Innovation Award', year: 2024, detail: 'For our app-scored reactive laser target system.' },
  { title: 'Best Dry-Fire Training Supplier', year: 2023, detail: 'Voted by instructors and sport shooters.' },
  { title: 'Customer Service Excellence', year: 2024, detail: 'For support response times and after-sales care.' },
] as const;
