export const seedCategories = [
  {
    name: 'Fundamentals',
    description: 'Grip, stance, sight alignment and trigger control: the dry-fire basics every shooter builds on.',
  },
  {
    name: 'Tactical Training',
    description: 'Movement, decision-making and scenario drills for teams, officers and serious civilian shooters.',
  },
  {
    name: 'Equipment Guides',
    description: 'How to choose, set up and look after laser trainers, blue guns and target systems.',
  },
] as const;
