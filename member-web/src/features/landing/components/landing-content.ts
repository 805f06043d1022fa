/** The landing page's words, kept apart from its layout. */
export const ABOUT_BLOCKS = [
  {
    title: 'About',
    text: 'Sahyog is a nonprofit community organisation that connects people in need with people who can help: food, education, mental health and shelter, given person to person.',
  },
  {
    title: 'Vision',
    text: 'A neighbourhood where no one has to ask twice: every member both gives and receives, and help travels through people who already trust each other.',
  },
  {
    title: 'Community in Action',
    text: 'Volunteers, donors and partners work side by side. Members refer the people they know, volunteers guide newcomers, and partners offer verified services.',
  },
  {
    title: 'Trust and Transparency',
    text: 'Sahyog never collects or holds money. Donors pay donees directly, every step is recorded, and private messaging keeps personal details between the people involved.',
  },
] as const;

export const ECOSYSTEM_CARDS = [
  { title: 'Community First', text: 'Decisions start from the needs of members and the neighbourhoods they live in.' },
  {
    title: 'Accessible Support',
    text: 'Simple screens, Hindi and English, and help that reaches people wherever they are.',
  },
  {
    title: 'Safe and Reliable Aid',
    text: 'Verified members and services, direct payments and a record of every confirmation.',
  },
  { title: 'Grow With Giving', text: 'A referral and volunteer network that grows as each member brings in the next.' },
] as const;

export const PLATFORM_TABS = [
  {
    label: 'For members',
    points: [
      'Register under a sponsor and activate your id with an e-pin.',
      'Give help and receive help directly, by bank transfer or UPI.',
      'Follow your referral team, income and withdrawals on one dashboard.',
    ],
  },
  {
    label: 'For volunteers',
    points: [
      'Welcome newcomers and guide them through registration and activation.',
      'Connect people in need with verified services and partners nearby.',
      'Grow the referral and volunteer network in your own community.',
    ],
  },
] as const;
