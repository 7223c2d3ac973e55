/**
 * Seed blog posts for the laser and dry-fire training shop.
 *
 * `tags[0]` is always the category name ('Fundamentals' | 'Tactical Training' | 'Equipment Guides');
 * the remaining tags are lowercase topic tags. `productIds` refer to catalogue product ids.
 */

export interface SeedPost {
  slug: string;
  title: string;
  excerpt: string;
  featuredImage: string | null;
  publishedAt: string;
  updatedAt: string;
  tags: string[];
  published: boolean;
  content: string;
  productIds: number[];
}

export const seedPosts: SeedPost[] = [
  {
    slug: 'dry-fire-fundamentals',
    title: 'Dry-Fire Fundamentals: Building Skill Without Live Ammunition',
    excerpt:
      'Dry-fire practice is the cheapest, most repeatable way to improve your shooting. Here is how to structure safe, purposeful sessions that build grip, trigger press and sight alignment.',
    featuredImage: '/images/blog/dry-fire-fundamentals.svg',
    publishedAt: '2024-09-12T08:30:00.000Z',
    updatedAt: '2025-02-03T10:20:00.000Z',
    tags: ['Fundamentals', 'dry fire', 'marksmanship', 'safety'],
    published: true,
    productIds: [1, 4],
    content: `
<p>Ask any experienced instructor where shooting skill really comes from and most will give the same answer: repetition of the fundamentals, done correctly, thousands of times. Live ammunition, range fees and travel time make that repetition expensive. Dry-fire practice, and laser-assisted dry fire in particular, removes most of that cost and lets you train at home, in a classroom or at the station between shifts.</p>

<h2>Safety comes first, every session</h2>
<p>If you practise with a real firearm rather than a dedicated laser training pistol, these rules are non-negotiable:</p>
<ul>
  <li><strong>Unload and verify.</strong> Remove the magazine, lock the slide or action open, and visually and physically check the chamber. Then check it again.</li>
  <li><strong>Remove all live ammunition from the room.</strong> Not into a drawer: out of the room entirely.</li>
  <li><strong>Pick a safe backstop.</strong> Aim only at a wall that would stop a round if everything else failed.</li>
  <li><strong>End deliberately.</strong> Say out loud that the session is over before you reload. Many negligent discharges after dry fire happen in the &ldquo;one more rep&rdquo; moment.</li>
</ul>
<p>A purpose-built laser training pistol removes the live-round risk entirely, which is why many trainers prefer them for home practice and for group classes.</p>

<h2>Grip: the foundation of everything else</h2>
<p>A consistent grip makes every other fundamental easier. Get the web of the strong hand high on the backstrap, wrap the fingers firmly, and fill the remaining space on the grip with the heel of the support hand. The support-hand thumb points forward along the frame. Aim for firm, even pressure, roughly equal between both hands, rather than a white-knuckle squeeze that makes the muzzle tremble.</p>
<p>Check your grip at the start of each rep. If it is different every time, the laser will tell you: shots will scatter in a pattern rather than group.</p>

<h2>Trigger press and sight alignment</h2>
<p>With a laser trainer, the dot shows you where the muzzle was pointing at the exact moment the shot broke. That instant feedback is the main advantage over a simple &ldquo;click&rdquo; in dry fire.</p>
<ol>
  <li>Align the front sight in the rear notch with equal light on either side and the tops level.</li>
  <li>Focus on the front sight, not the target.</li>
  <li>Take up the slack, then press straight to the rear with smooth, steady pressure until the shot breaks.</li>
  <li>Hold the press and keep your eyes on the sights for a moment after the break. This is follow-through.</li>
</ol>
<p>If the dot lands low and left (for a right-handed shooter), you are probably anticipating the shot and pushing the muzzle down. Slow down until the break surprises you, then build speed again.</p>

<h2>Structure short, frequent sessions</h2>
<p>Ten to fifteen focused minutes, four or five times a week, beats one long session at the weekend. A simple plan:</p>
<ul>
  <li>2 minutes: grip and presentation from the ready, no shot.</li>
  <li>5 minutes: slow, perfect single shots on a small target.</li>
  <li>5 minutes: paired shots or transitions between two targets.</li>
  <li>Finish with five &ldquo;perfect&rdquo; reps and stop while you are still concentrating.</li>
</ul>
<p>Track results in a notebook or with a shot-timer app so you can see progress over weeks, not just minutes.</p>

<h2>Choosing a training tool</h2>
<p>A dedicated laser training pistol with a realistic weight and trigger is the simplest way to start. Look for an automatic trigger reset that does not require racking a slide between shots, a laser that is bright enough for your training space and, if you want scoring, compatibility with common target apps. Browse our <a href="/products">laser training pistols</a> to compare options.</p>
`,
  },
  {
    slug: 'blue-guns',
    title: "What Are Blue Guns? A Beginner's Guide to Inert Training Replicas",
    excerpt:
      'Blue guns are solid, inert replicas used to teach handling, retention and tactics without a functional firearm in the room. Here is what they are for and why trainers rely on them.',
    featuredImage: '/images/blog/blue-guns.svg',
    publishedAt: '2024-09-24T09:00:00.000Z',
    updatedAt: '2024-10-01T14:05:00.000Z',
    tags: ['Equipment Guides', 'blue guns', 'inert training', 'retention'],
    published: true,
    productIds: [],
    content: `
<p>Walk into almost any police academy, military training centre or self-defence class and you will see them: solid, bright blue replicas of pistols and rifles. Blue guns (the colour has become the generic name) are inert training tools. They do not fire, usually have no moving parts and are not working firearms. Their job is to let people practise everything around shooting without a real weapon present.</p>

<h2>Why blue?</h2>
<p>The colour is a safety feature. Bright blue, and sometimes red or orange, makes it obvious at a glance that an object is a training tool. In a scenario with several people moving, an instructor can see instantly that everybody is holding inert equipment. Never paint a training gun black or otherwise disguise it; the colour is what keeps everyone safe.</p>

<h2>What blue guns are used for</h2>
<ul>
  <li><strong>Weapon retention and disarms.</strong> Full-contact grappling where a real firearm, or even a laser trainer, could be damaged or cause injury.</li>
  <li><strong>Holster work.</strong> Fitting and testing holsters, drawing and re-holstering slowly.</li>
  <li><strong>Movement and room entry.</strong> Rehearsing team movement and muzzle awareness inside buildings.</li>
  <li><strong>Handcuffing and arrest drills.</strong> Practising close contact with a holstered training gun in place.</li>
  <li><strong>Classroom teaching.</strong> Demonstrating grip, stance and muzzle discipline to new students.</li>
</ul>

<h2>Blue guns versus laser trainers</h2>
<p>A blue gun teaches handling; a laser trainer teaches shooting. A laser trainer has a working trigger and shows where the muzzle was when the shot broke. A blue gun has no trigger function, but it is usually tougher, which makes it better for rough contact drills. Most programmes use both: blue guns for retention, grappling and holster work, laser trainers for marksmanship and decision-making scenarios.</p>

<h2>Treat them with respect</h2>
<p>Although blue guns are inert, train with them as if they were real. Keep your finger off the &ldquo;trigger&rdquo;, observe muzzle discipline and follow the same commands you would on the range. The habits you build with a blue gun are the habits you will bring to a real firearm.</p>
<ol>
  <li>Check that no real firearms or ammunition are in the training area before you start.</li>
  <li>Handle the blue gun with the same muzzle and finger discipline as a live weapon.</li>
  <li>Keep it out of public view when transporting it. To a passer-by, a replica can look real.</li>
</ol>

<h2>Getting started</h2>
<p>If you run retention, arrest or close-quarters training, a set of blue training guns is one of the most useful investments you can make. They pair naturally with laser trainers, so students can move from handling drills to scored shooting in the same session. See our <a href="/products">training equipment and bundles</a> for options.</p>
`,
  },
  {
    slug: 'home-dry-fire-range-setup',
    title: 'How to Set Up a Safe Home Dry-Fire Range',
    excerpt:
      'You do not need a spare room to train at home. A safe backstop, a few targets and a little planning are enough to build a dry-fire range you will actually use.',
    featuredImage: '/images/blog/home-dry-fire-range-setup.svg',
    publishedAt: '2024-10-08T07:45:00.000Z',
    updatedAt: '2024-10-15T09:10:00.000Z',
    tags: ['Fundamentals', 'dry fire', 'home training', 'safety'],
    published: true,
    productIds: [1, 3, 12],
    content: `
<p>The best training space is the one you will use regularly. For most people that means a corner of a spare room, a garage or a hallway. With laser training equipment, a home range takes minutes to set up and costs almost nothing to run beyond batteries.</p>

<h2>Pick the space and the direction</h2>
<p>Choose a direction of fire towards a solid exterior wall, or a wall with nothing behind it that you would mind hitting, even if you only ever use a laser trainer. Training habits transfer: if you always point at a safe backstop at home, you will do the same with a real firearm. Avoid windows, doorways people walk through and walls shared with a child's bedroom.</p>
<p>Distance matters less than you might think. Three to five metres is enough for most pistol drills; scale your targets down to simulate longer distances.</p>

<h2>Keep live ammunition out</h2>
<p>If you ever use a real firearm on your home range, make the room a no-ammunition zone:</p>
<ul>
  <li>Store ammunition in a different room, ideally locked away.</li>
  <li>Unload and verify the firearm before entering the training area, and again once inside.</li>
  <li>Use a visible indicator such as a chamber flag where appropriate.</li>
  <li>Never mix dry-fire time with cleaning, carrying or reloading.</li>
</ul>
<p>A dedicated laser training pistol sidesteps these concerns, which makes it the better choice for households with children or for anyone new to firearms.</p>

<h2>Targets and lighting</h2>
<p>Laser dots show up best on matt, light-coloured surfaces in moderate light. Bright sunlight washes the dot out, while a completely dark room makes sight alignment difficult. Start with:</p>
<ul>
  <li>Paper targets in several sizes, taped at different heights.</li>
  <li>A reactive laser target system that registers and scores hits automatically.</li>
  <li>A phone or tablet running a laser target app, positioned on a tripod so the camera can see the whole target.</li>
</ul>
<p>If you use an app, calibrate it at the start of each session. Camera angle, room lighting and laser colour all affect hit detection.</p>

<h2>Make it easy to start</h2>
<p>The biggest enemy of home training is friction. Keep the laser trainer, targets, spare batteries and a timer together in one box. Leave the targets up if you can. Note your drills and scores on a card in the box, so each session starts where the last one ended. A ready-made <a href="/products">training bundle</a> puts the pistol, target and accessories in one place.</p>

<h2>A sample first week</h2>
<ol>
  <li>Day 1: grip and sight picture, slow single shots at 3 metres.</li>
  <li>Day 2: single shots from the ready position with a 2-second par time.</li>
  <li>Day 3: rest.</li>
  <li>Day 4: two-target transitions.</li>
  <li>Day 5: draw to first shot (holster required), slow and smooth.</li>
  <li>Weekend: repeat the drill you scored worst on.</li>
</ol>
<p>Keep every session short and focused. Fifteen good minutes will do more for you than an hour of tired, sloppy repetitions.</p>
`,
  },
  {
    slug: 'tactical-training',
    title: 'Tactical Training with Laser Systems: From Fundamentals to Scenarios',
    excerpt:
      'Laser training lets teams rehearse movement, communication and decision-making with no live rounds involved. Here is how to build a progression from static drills to full scenarios.',
    featuredImage: '/images/blog/tactical-training.svg',
    publishedAt: '2024-11-05T10:15:00.000Z',
    updatedAt: '2025-01-09T12:40:00.000Z',
    tags: ['Tactical Training', 'scenarios', 'team drills', 'rifles'],
    published: true,
    productIds: [2, 6, 3],
    content: `
<p>Tactical skill is more than marksmanship. It combines weapon handling, movement, use of cover, communication and, above all, decision-making under pressure. Live-fire ranges are essential for confirming marksmanship, but they are expensive, heavily regulated and rarely allow realistic movement among people. Laser training fills that gap.</p>

<h2>Why lasers work for tactical training</h2>
<ul>
  <li>No live ammunition, so drills can run in classrooms, corridors, vehicles and buildings.</li>
  <li>Instant hit feedback on a target system, or a visible dot that instructors can see.</li>
  <li>Unlimited repetitions at negligible running cost.</li>
  <li>Pistols, rifles and a shotgun with realistic dimensions let every team member train with the platform they carry.</li>
</ul>

<h2>A progression that works</h2>
<p>Jumping straight into force-on-force scenarios tends to produce chaos rather than learning. A better progression moves from simple to complex:</p>
<ol>
  <li><strong>Static fundamentals.</strong> Sight picture, trigger press and follow-through on a scored target system.</li>
  <li><strong>Weapon handling.</strong> Ready positions, transitions between rifle and pistol, and reloads with dummy magazines where your training guns support them.</li>
  <li><strong>Movement.</strong> Shooting on the move, getting off the line of attack, using cover and concealment.</li>
  <li><strong>Team drills.</strong> Pair and four-person movement, communication and sector control.</li>
  <li><strong>Scenarios.</strong> Realistic problems with decisions to make, including situations where shooting is not the correct answer.</li>
</ol>

<h2>Running safe scenarios</h2>
<p>Even without live ammunition, tactical training needs a disciplined safety framework:</p>
<ul>
  <li>Appoint a safety officer whose only job is safety.</li>
  <li>Check every participant and the training area for real weapons and ammunition before the exercise starts. Service firearms stay in a secure area outside the training zone.</li>
  <li>Use clearly identifiable training equipment, such as laser trainers and blue training guns, so nobody confuses a training tool with a service weapon.</li>
  <li>Agree a stop word that ends all activity immediately.</li>
  <li>Never point lasers at faces or eyes, and follow the laser safety guidance supplied with your equipment.</li>
</ul>

<h2>Rifles and shotguns</h2>
<p>Laser training rifles suit room entry, corner work and sling transitions, where the length of the weapon changes how you move. A laser training shotgun lets officers who carry a shotgun practise mounting, pointing and manipulation drills. Pairing either with a target system that records hits gives objective feedback for every repetition.</p>

<h2>Debrief is where learning happens</h2>
<p>Record results, let participants explain what they saw and why they acted, then repeat the scenario. The second run is where the improvement shows. Browse our <a href="/products">laser training rifles, shotgun and target systems</a> to equip your programme.</p>
`,
  },
  {
    slug: 'app-compatible-pistols',
    title: 'App-Compatible Laser Training Pistols: What to Look For',
    excerpt:
      'Pairing a laser training pistol with a target app turns a phone or tablet into a scored practice range. Here is how app compatibility works and what to check before you buy.',
    featuredImage: '/images/blog/app-compatible-pistols.svg',
    publishedAt: '2024-12-03T09:30:00.000Z',
    updatedAt: '2025-05-12T08:15:00.000Z',
    tags: ['Equipment Guides', 'pistols', 'apps', 'buying guide'],
    published: true,
    productIds: [1, 4, 9],
    content: `
<p>Laser target apps use a phone or tablet camera to spot the flash of a laser on a target, then score the hit, record the time and track your progress. Paired with a laser training pistol, they turn a spare wall into a scored practice range. Compatibility is not automatic, though. This guide explains what matters.</p>

<h2>How target apps detect a hit</h2>
<p>The app watches the target through the camera and looks for a brief, bright spot of a particular colour. It compares the position of that spot with the calibrated target and records the hit. Three things affect how well it works:</p>
<ul>
  <li><strong>Laser colour.</strong> Most apps detect red lasers reliably; some also support green. Check the app's documentation.</li>
  <li><strong>Pulse duration.</strong> The laser must stay on long enough for the camera to catch it, but briefly enough to mark a precise point. Training pistols designed for app use have a pulse tuned for this.</li>
  <li><strong>Lighting and camera position.</strong> Moderate, even lighting and a steady tripod make a big difference.</li>
</ul>

<h2>Popular apps</h2>
<p>There is a healthy range of apps for laser training, including LaserHIT, the Laser Ammo training apps, Mantis Laser Academy, Strikeman, G-Sight and iDryfire. Features vary: some focus on scored targets, others add shot timers, drill libraries, qualification courses and multi-shooter modes. Pricing models differ too, from free versions with paid upgrades to subscriptions. Try a free version with your equipment before committing to a paid plan, and check each app's current device support.</p>

<h2>What to look for in the pistol</h2>
<ol>
  <li><strong>Automatic trigger reset.</strong> Fire repeated shots without racking a slide, which is essential for timed strings.</li>
  <li><strong>Realistic weight and grip.</strong> Skills transfer better when the trainer feels like the pistol you carry or compete with.</li>
  <li><strong>Consistent pulse.</strong> Apps score reliably when every shot produces the same short, bright flash.</li>
  <li><strong>Holster fit.</strong> If you practise draws, check that the trainer fits a holster you own.</li>
  <li><strong>Battery life.</strong> Expect roughly 2,000 to 5,000 trigger pulls per set of batteries, depending on the model. Keep spares in your kit.</li>
</ol>

<h2>Laser cartridges in real firearms</h2>
<p>Some shooters use laser cartridge inserts in their own pistols instead of a dedicated trainer. This can work well, but it brings a real firearm into the training area. Always unload and verify the firearm, remove all live ammunition from the room, and never leave a laser cartridge in a firearm that might later be loaded. A dedicated training pistol avoids those risks altogether.</p>

<h2>Our recommendation</h2>
<p>For most people, a dedicated app-compatible training pistol is the simplest route: no live firearm in the room, an automatic reset and a laser tuned for camera detection. Our bestselling <a href="/products">app-compatible laser training pistol</a> is a good starting point. Add a reactive target system when you want scoring without a phone.</p>
`,
  },
  {
    slug: 'trigger-control-par-times',
    title: 'Trigger Control and Par Times: Measuring Progress in Dry Fire',
    excerpt:
      'A par time turns casual practice into measurable training. Learn how to use a shot timer with a laser trainer to build speed without sacrificing accuracy.',
    featuredImage: '/images/blog/trigger-control-par-times.svg',
    publishedAt: '2025-01-21T08:00:00.000Z',
    updatedAt: '2025-01-28T16:30:00.000Z',
    tags: ['Fundamentals', 'trigger control', 'par times', 'shot timer'],
    published: true,
    productIds: [1, 7, 8],
    content: `
<p>Accuracy without speed rarely wins a match or resolves an incident, and speed without accuracy is worse than useless. Par times are how trainers balance the two. A par time is simply a time limit: the timer beeps to start, beeps again at the par, and the shooter tries to complete the task, with an acceptable hit, before the second beep.</p>

<h2>Why laser training suits par-time work</h2>
<p>In live fire, recoil and noise hide many small errors. With a laser trainer, the dot shows exactly where the muzzle was at the break, and a timer app records the time. Put the two together and you can see whether a faster time came from a genuinely smoother press or from a rushed, jerked shot that happened to land in the scoring zone.</p>

<h2>Setting your first par times</h2>
<p>Start by measuring, not guessing:</p>
<ol>
  <li>Shoot ten repetitions of a drill at a comfortable pace, recording the times.</li>
  <li>Discard the slowest and fastest, then average the rest. That is your baseline.</li>
  <li>Set the par about 10% faster than your baseline.</li>
  <li>When you can meet the par with acceptable hits on 8 out of 10 repetitions, reduce it by another 10%.</li>
</ol>
<p>Define &ldquo;acceptable hits&rdquo; before you start, for example the dot inside an 8&nbsp;cm circle at 5 metres. If accuracy falls away, raise the par again. You are training to a standard, not chasing a number.</p>

<h2>Common trigger faults and what the dot shows</h2>
<ul>
  <li><strong>Anticipation:</strong> the dot drops low at the break as the wrist pushes against expected recoil.</li>
  <li><strong>Jerking:</strong> the dot moves sharply to one side as the finger slaps the trigger.</li>
  <li><strong>Too much finger on the trigger:</strong> tends to push shots towards the support-hand side.</li>
  <li><strong>Too little finger on the trigger:</strong> tends to pull shots towards the strong-hand side.</li>
  <li><strong>No follow-through:</strong> the dot is on target, but the sights were already moving when the shot broke.</li>
</ul>
<p>These are general tendencies. Every shooter is a little different, so watch your own pattern over several sessions before drawing conclusions.</p>

<h2>Useful par-time drills</h2>
<ul>
  <li><strong>Ready-up:</strong> one shot from low ready. Many shooters begin at around 1.5 seconds.</li>
  <li><strong>Pairs:</strong> two shots on one target, measuring the split between them.</li>
  <li><strong>Transitions:</strong> one shot each on two or three targets spaced a metre apart.</li>
  <li><strong>Draw:</strong> from a holster, only once you can draw safely and consistently at slow speed.</li>
</ul>

<h2>Equipment notes</h2>
<p>A laser training pistol with an automatic trigger reset lets you fire pairs and transitions without touching the slide, which is essential for measuring splits. Many training pistols work with shot-timer and target apps on a phone or tablet; check that the laser colour and pulse length suit the app you plan to use. Battery life is typically 2,000 to 5,000 trigger pulls depending on the model, so keep spares in your training box. If you dry fire with a real firearm instead, unload it, verify it twice and keep all ammunition out of the room. See our <a href="/products">laser training pistols</a> for models with automatic reset.</p>
`,
  },
  {
    slug: 'law-enforcement-training',
    title: 'Laser Training for Law Enforcement: Judgement, Use of Force and Realism',
    excerpt:
      'Police firearms training must build sound judgement as well as accurate shooting. Laser systems let academies and units rehearse use-of-force decisions safely and often.',
    featuredImage: '/images/blog/law-enforcement-training.svg',
    publishedAt: '2025-02-18T11:00:00.000Z',
    updatedAt: '2025-03-04T09:45:00.000Z',
    tags: ['Tactical Training', 'law enforcement', 'use of force', 'scenarios'],
    published: true,
    productIds: [1, 10, 13],
    content: `
<p>Officers rarely fire their weapons on duty, yet when they do, every decision is scrutinised. That makes police training different from sport shooting. Marksmanship matters, but so do communication, de-escalation, lawful use of force and the ability to recognise when not to shoot. Laser training gives academies and in-service trainers a way to rehearse those decisions far more often than live-fire budgets allow.</p>

<h2>What laser training adds</h2>
<ul>
  <li><strong>Frequency:</strong> short sessions during a shift or at the station, not just at annual qualification.</li>
  <li><strong>Decision-making:</strong> scenarios with shoot and no-shoot outcomes, verbal commands and changing threats.</li>
  <li><strong>Integration:</strong> firearms, less-lethal options, edged-weapon defence and handcuffing can be trained in the same exercise.</li>
  <li><strong>Accountability:</strong> hits can be recorded and reviewed during the debrief.</li>
</ul>

<h2>Building use-of-force scenarios</h2>
<p>Good scenarios are based on realistic incidents and follow your agency's policy and the law in your jurisdiction. Keep them simple at first and add complexity as officers improve. A useful structure:</p>
<ol>
  <li><strong>Brief:</strong> the call details, as control or dispatch would give them.</li>
  <li><strong>Encounter:</strong> a role player whose behaviour depends on the officer's actions.</li>
  <li><strong>Decision point:</strong> compliance, escalation or de-escalation.</li>
  <li><strong>Debrief:</strong> the officer explains what they perceived and why they acted, with reference to policy.</li>
</ol>
<p>Include scenarios where the correct outcome is talking, creating distance or waiting for support. Officers who only ever practise shooting in training will look for a shooting solution on the street.</p>

<h2>Edged-weapon awareness</h2>
<p>Many real encounters involve knives. Training knives let officers practise recognising, responding to and defending against edged-weapon attacks at realistic distances, and show how quickly an attacker can close a gap. Combine knife drills with drawing a laser training pistol to explore reaction time, distance and the value of cover.</p>

<h2>Safety in the training environment</h2>
<p>Every training day should begin with a weapons check. Service firearms, ammunition, duty knives and incapacitant sprays are removed and secured outside the training area, and only inert, clearly identifiable training tools are allowed in. A dedicated safety officer oversees the exercise, and any participant can call a stop. Treat laser devices with respect and keep them away from eyes.</p>

<h2>Equipment for a police programme</h2>
<p>A typical kit includes laser training pistols that match the weight and feel of the service pistol, training knives for edged-weapon drills and a target system for qualification-style practice. Our <a href="/products">training bundles</a> bring these together in one package for academies and units.</p>
`,
  },
  {
    slug: 'blue-training-guns',
    title: 'Choosing Blue Training Guns for Your Programme',
    excerpt:
      'Not all blue training guns are equal. Weight, dimensions, holster fit and material all affect how well training transfers, so use this checklist before you buy.',
    featuredImage: '/images/blog/blue-training-guns.svg',
    publishedAt: '2025-03-14T09:00:00.000Z',
    updatedAt: '2025-03-20T11:25:00.000Z',
    tags: ['Equipment Guides', 'blue guns', 'buying guide', 'instructors'],
    published: true,
    productIds: [14],
    content: `
<p>Once a training team decides to use blue training guns, the next question is which ones. A replica that feels wrong in the hand, does not fit the issued holster or breaks within a month will undermine the training it is meant to support. Here is how the trainers we work with make the choice.</p>

<h2>Match the platform you carry</h2>
<p>The most important rule is to match the weapon your students actually carry. A blue replica of the issued pistol or rifle means grip angle, length and holster fit all transfer directly. If your unit carries several models, prioritise the most common one and add others later.</p>
<ul>
  <li><strong>Dimensions:</strong> close enough to the real firearm to fit the issued holster and its retention devices.</li>
  <li><strong>Weight:</strong> a replica that is much lighter than the real thing teaches a different draw and different retention strength. Weighted versions are worth considering for retention and draw work.</li>
  <li><strong>Sling points and rails:</strong> for rifles, usable sling attachment points let you train sling transitions properly.</li>
</ul>

<h2>Materials and construction</h2>
<p>Most blue training guns are moulded from solid polymer, sometimes over a metal core for weight and rigidity. Look for:</p>
<ul>
  <li>Solid, one-piece construction with no gaps that trap fingers.</li>
  <li>Smooth edges that will not cut hands or damage mats.</li>
  <li>Colour moulded through the material, so scratches stay blue rather than exposing a darker layer.</li>
  <li>No working parts that could be mistaken for a functional mechanism.</li>
</ul>

<h2>How many do you need?</h2>
<p>For pair drills, plan on one blue gun per participant, plus spares. For scenario training, role players need them too. A simple rule of thumb is class size plus 20%. Bundles that combine blue guns with laser trainers are useful when a course moves between handling and shooting in the same day.</p>

<h2>Storage, marking and control</h2>
<ol>
  <li>Number each training gun and keep a simple issue log, as you would for any training asset.</li>
  <li>Store them separately from real firearms so nobody picks up the wrong item.</li>
  <li>Transport them in a closed bag or case; in public, a replica can cause alarm.</li>
  <li>Inspect them before each session and remove damaged items from use.</li>
</ol>

<h2>Blue guns in a wider programme</h2>
<p>Blue guns work best alongside laser training pistols and rifles. Use the blue guns for contact, retention and holster work, then switch to laser trainers when you need trigger feedback or hit recording. Whatever the tool, begin every session by confirming that no live firearms or ammunition are in the training space. Browse our <a href="/products">bundles</a> for combined kits.</p>
`,
  },
  {
    slug: 'laser-training-knife-drills',
    title: 'Training Knife Drills: Edged-Weapon Defence Without the Risk',
    excerpt:
      'Training knives let you practise edged-weapon defence and awareness at realistic speed with far less risk. These drills cover distance, reaction and control for civilians, officers and instructors.',
    featuredImage: '/images/blog/laser-training-knife-drills.svg',
    publishedAt: '2025-04-09T13:30:00.000Z',
    updatedAt: '2025-04-22T07:50:00.000Z',
    tags: ['Tactical Training', 'training knives', 'edged weapons', 'self-defence'],
    published: true,
    productIds: [10, 11],
    content: `
<p>Edged-weapon encounters are fast, close and frequently underestimated. An attacker with a knife can cover several metres in well under two seconds, and many people who are cut do not realise it until afterwards. Training with a realistic, blunt training knife lets you explore those dynamics at speed without real blades in the room.</p>

<h2>Why use a dedicated training knife</h2>
<ul>
  <li>Realistic size and profile, so grips and disarms feel true to life.</li>
  <li>No edge and a blunt tip, which reduces the risk of injury during high-intensity drills.</li>
  <li>Clearly identifiable as a training tool, so it cannot be mistaken for a real weapon.</li>
</ul>
<p>Inspect training knives before every session. Retire any that are cracked or deformed, and never modify one to look more like a live blade.</p>

<h2>Safety rules for knife training</h2>
<ol>
  <li>Remove all real knives, firearms and ammunition from the training area. Check everyone, including instructors.</li>
  <li>Wear eye protection; add gloves and a mouthguard for contact drills.</li>
  <li>Start slowly, at half speed or less, and increase intensity only when both partners agree.</li>
  <li>Use a clear tap-out and a stop word.</li>
</ol>

<h2>Core drills</h2>
<h3>Distance awareness</h3>
<p>The attacker starts at a set distance holding the training knife; the defender stands with a holstered laser training pistol or empty hands. On a signal, the attacker closes. Repeat at 3, 5 and 7 metres. Most people are surprised by how little time they have. The lesson is about creating distance and recognising pre-attack indicators early.</p>
<h3>Angle recognition</h3>
<p>The attacker feeds slow, predictable strikes from common angles. The defender practises moving off the line and protecting the head, neck and torso. Speed increases gradually over the session.</p>
<h3>Control and disengage</h3>
<p>Working at controlled speed, the defender practises trapping the weapon arm, controlling it and creating space to escape or to draw a training firearm. The goal is survival and escape, not a prolonged fight.</p>

<h2>Marking contact</h2>
<p>Wearing old light-coloured T-shirts and chalking the edge of the training knife shows every contact after a drill. It is a humbling and valuable debrief tool: even &ldquo;successful&rdquo; defences often leave marks.</p>

<h2>Integrating with firearms training</h2>
<p>For officers and armed professionals, combine knife drills with laser training pistols to practise weapon retention and drawing under pressure. Keep the rules strict: inert training tools only, and no service weapons anywhere near the mat. Explore our <a href="/products">training knives</a> to get started.</p>
`,
  },
  {
    slug: 'who-trusts-laser-training',
    title: 'Who Trusts Laser Training? Military, Police, Competitors and Instructors',
    excerpt:
      'From national armed forces to police academies and competition shooters, laser training has become a standard part of serious firearms instruction. Here is who uses our equipment and why.',
    featuredImage: '/images/blog/who-trusts-laser-training.svg',
    publishedAt: '2025-06-24T10:00:00.000Z',
    updatedAt: '2025-08-11T13:35:00.000Z',
    tags: ['Tactical Training', 'military', 'law enforcement', 'instructors'],
    published: true,
    productIds: [1, 10, 12],
    content: `
<p>Laser training was once seen as a toy or a novelty. Today it sits at the centre of many professional training programmes. The reason is simple: it lets people practise the skills that matter, as often as they need to, without the cost and constraints of live fire. Here is who relies on our equipment and what they use it for.</p>

<h2>Military units</h2>
<p>Our laser training equipment is used by around 70% of a national armed forces, from basic training through to specialist units. Military trainers value it for:</p>
<ul>
  <li>Teaching recruits weapon handling and marksmanship fundamentals before they reach the live range.</li>
  <li>Room clearance and close-quarter drills in buildings where live fire is impossible.</li>
  <li>Maintaining skills during deployments and in barracks with no range access.</li>
</ul>
<p>Realistic weight and dimensions matter here: a training rifle that handles like the issued weapon builds habits that transfer.</p>

<h2>Police academies and units</h2>
<p>Police trainers use laser pistols, training knives and blue training guns to run use-of-force scenarios, judgement training and edged-weapon awareness. Because no live ammunition is involved, exercises can take place in classrooms, corridors and real buildings, with role players reacting to the officer's decisions. The focus is as much on when not to shoot as on hitting the target.</p>

<h2>Competition and civilian shooters</h2>
<p>More than 1,200 shooters train with our equipment, from new licence holders to experienced competitors. Sport shooters use laser trainers with shot-timer and target apps to work on draws, splits and transitions at home. Many tell us that short daily dry-fire sessions did more for their match results than occasional range trips.</p>

<h2>Instructors and training companies</h2>
<p>Independent instructors run introductory courses, refresher training and corporate sessions with laser systems. A laser target system gives students instant, visible feedback, and the absence of live ammunition makes it easier to teach nervous beginners and to train in venues that are not ranges. Instructors still begin every class by confirming that no real firearms or ammunition are in the room.</p>

<h2>What customers say</h2>
<p>We currently hold 44 verified reviews from customers. Common themes include realistic weight and trigger feel, reliable app compatibility and durability under heavy classroom use. We read every review and feed the comments back into our product choices.</p>
<blockquote><p>Whatever your role, the principle is the same: build the skill safely and often, then confirm it on the live range.</p></blockquote>
<p>See the <a href="/products">full range</a> used by these trainers.</p>
`,
  },
  {
    slug: 'blue-guns-durability-test',
    title: 'Blue Guns Durability Test: What Wears First and How to Check Yours',
    excerpt:
      'We put inert blue training guns through the treatment they get in real classes, including drops, disarms, holster cycles and cold storage, to see what wears and what lasts.',
    featuredImage: '/images/blog/blue-guns-durability-test.svg',
    publishedAt: '2025-07-29T08:45:00.000Z',
    updatedAt: '2025-08-05T15:10:00.000Z',
    tags: ['Equipment Guides', 'blue guns', 'durability', 'maintenance'],
    published: true,
    productIds: [],
    content: `
<p>Blue training guns live hard lives. They are dropped on mats and concrete, wrenched out of hands during disarm drills, pushed in and out of holsters hundreds of times and left in cold vehicles overnight. A replica that survives all of that keeps training consistent; one that cracks or deforms becomes a hazard. This article sets out how we put blue guns through their paces and how you can run the same checks on your own equipment.</p>

<h2>The test protocol</h2>
<p>We try to reproduce what happens in real classes rather than run laboratory tests. Each replica goes through:</p>
<ol>
  <li><strong>Drop test:</strong> repeated drops from waist and shoulder height onto a training mat and then onto concrete, landing on the muzzle, grip and side.</li>
  <li><strong>Holster cycling:</strong> several hundred draw and re-holster cycles in a rigid retention holster.</li>
  <li><strong>Disarm drills:</strong> partners performing strips and retention drills at full intent.</li>
  <li><strong>Temperature:</strong> a night in a cold vehicle followed by immediate handling, and a spell in a hot car boot.</li>
  <li><strong>Inspection:</strong> after each stage we check for cracks, sharp edges, deformation and changes in holster fit.</li>
</ol>

<h2>What wears first</h2>
<p>Across the replicas we handle, the same weak points tend to show up:</p>
<ul>
  <li><strong>Thin protrusions.</strong> Front sights, rear sight edges and rifle sling points take the brunt of drops.</li>
  <li><strong>Holster contact surfaces.</strong> Repeated cycling polishes, and sometimes slightly reshapes, the areas that engage retention devices, which can change how securely the replica sits.</li>
  <li><strong>Surface finish.</strong> Scuffs are cosmetic on through-coloured polymer but can expose a different colour on painted replicas.</li>
  <li><strong>Cold brittleness.</strong> Some polymers become noticeably less forgiving when very cold, so impacts that would bounce off at room temperature can chip.</li>
</ul>
<p>Solid, through-coloured polymer, especially over a metal core, consistently held up best in our handling. Hollow or painted replicas are lighter but show wear sooner.</p>

<h2>How to check your own blue guns</h2>
<p>Build a two-minute inspection into the start of every session:</p>
<ul>
  <li>Run a gloved hand along every edge; anything that snags a glove can cut skin.</li>
  <li>Look for cracks around the sights, trigger guard and muzzle.</li>
  <li>Test holster fit: the replica should seat and release just as the real firearm would.</li>
  <li>Confirm the colour is intact and the replica is still unmistakably a training tool.</li>
</ul>
<p>Retire any replica that is cracked, has sharp edges or no longer fits the holster securely. Replacing it is far cheaper than an injury.</p>

<h2>Making them last</h2>
<p>Store blue guns indoors, away from extreme heat and cold. Clean off sweat and grime with mild soapy water and let them dry. Keep them separate from real firearms, and before every session confirm that no live weapons or ammunition are in the training area. With sensible care, a good blue gun will last through years of classes. See our <a href="/products">training bundles</a> for kits that include them.</p>
`,
  },
  {
    slug: 'choosing-a-laser-training-bundle',
    title: 'Choosing a Laser Training Bundle: Which Kit Fits Your Training?',
    excerpt:
      'Bundles combine pistols, targets, knives and accessories into one kit. Here is how to match a bundle to your goals, whether you train alone at home or run a class.',
    featuredImage: '/images/blog/choosing-a-laser-training-bundle.svg',
    publishedAt: '2025-09-16T09:15:00.000Z',
    updatedAt: '2025-09-30T10:05:00.000Z',
    tags: ['Equipment Guides', 'bundles', 'buying guide'],
    published: true,
    productIds: [12, 13, 15],
    content: `
<p>Buying laser training equipment piece by piece is fine if you know exactly what you need. For many people a bundle is simpler: the components are chosen to work together, and you can start training the day the box arrives. The right bundle depends on who is training and what you want them to learn.</p>

<h2>Start with the goal</h2>
<p>Before comparing kits, write down what you want to improve. Typical goals include:</p>
<ul>
  <li><strong>Marksmanship fundamentals:</strong> grip, sight alignment and trigger press.</li>
  <li><strong>Speed and accuracy:</strong> draws, splits and transitions against par times.</li>
  <li><strong>Decision-making:</strong> scenarios, use of force and shoot or no-shoot judgement.</li>
  <li><strong>Close-quarters defence:</strong> edged-weapon awareness and weapon retention.</li>
</ul>
<p>Each goal points to different components. A shooter working on fundamentals needs little more than a good pistol and a target, while a unit running scenarios needs several matched trainers, role-player equipment and a way to record hits for the debrief. Being clear about the goal also stops you paying for items that will sit in a cupboard.</p>

<h2>Bundles for individual shooters</h2>
<p>If you train alone at home, look for a laser training pistol with automatic reset plus a target system or app compatibility. That covers fundamentals and par-time work. Add a holster if you want to practise draws, and spare batteries: expect roughly 2,000 to 5,000 trigger pulls per set, depending on the model.</p>

<h2>Bundles for instructors and classes</h2>
<p>Instructors need equipment that survives heavy use and can be shared. Consider:</p>
<ol>
  <li>Several identical pistols, so every student trains on the same platform.</li>
  <li>A target system that displays hits clearly for the whole class.</li>
  <li>Training knives and blue training guns for retention and close-quarters modules.</li>
  <li>A hard case for transport and storage.</li>
</ol>

<h2>Bundles for agencies and units</h2>
<p>Police and military programmes often mix pistols, rifles and training knives to reflect the equipment officers and soldiers carry. Matching the weight and dimensions of issued weapons matters more here than for civilian shooters. If you need a specific combination, get in touch: many agencies start with a core bundle and add components to suit.</p>

<h2>Questions to ask before you buy</h2>
<ul>
  <li>Does the pistol fit the holsters you already own?</li>
  <li>Which target apps or systems will you use, and is the laser compatible with them?</li>
  <li>How many people will train at once?</li>
  <li>Will the kit travel between venues?</li>
</ul>
<p>Whatever you choose, keep real firearms and ammunition out of the training area so the session stays entirely inert. Compare our <a href="/products">laser training bundles</a> to find the right fit.</p>
`,
  },
  {
    slug: 'draft-winter-training-plan',
    title: 'A Winter Dry-Fire Training Plan',
    excerpt:
      'Short days and cold ranges do not have to mean lost skills. This twelve-week indoor plan keeps your shooting sharp until spring.',
    featuredImage: null,
    publishedAt: '2025-10-20T16:00:00.000Z',
    updatedAt: '2025-10-27T17:20:00.000Z',
    tags: ['Fundamentals', 'dry fire', 'training plan'],
    published: false,
    productIds: [1, 3],
    content: `
<p>Winter often means shorter days, cold outdoor ranges and fewer trips to shoot. It does not have to mean losing skill. A structured indoor plan with a laser trainer can keep your fundamentals sharp and bring you into spring shooting better than you finished the autumn.</p>

<h2>Weeks 1 to 4: rebuild the basics</h2>
<ul>
  <li>Four 15-minute sessions a week.</li>
  <li>Grip, sight alignment and slow, surprise trigger breaks on a small target.</li>
  <li>Record group size at 5 metres at the end of each week.</li>
</ul>

<h2>Weeks 5 to 8: add time pressure</h2>
<p>Introduce a shot timer and par times. Measure a baseline for single shots from the ready and for pairs, then reduce the par by around 10% whenever you meet it on eight repetitions out of ten.</p>

<h2>Weeks 9 to 12: movement and decisions</h2>
<p>Add transitions, shooting after a step off the line and simple shoot or no-shoot targets. If you train with a partner, use a target app or system that shows hits to both of you.</p>

<h2>Safety reminder</h2>
<p>If you use a real firearm for any of these sessions, unload it and verify it, remove all ammunition from the room and end each session deliberately before reloading.</p>
`,
  },
];
