/**
 * The shop's own contact details and public profiles: one content module, used by the footer,
 * the contact and FAQ pages, policy pages and structured data. The operator edits them here.
 */
export const shopInfo = {
  /** The company that sells, as invoices name it. */
  legalName: 'StrikePoint Training Ltd',
  phone: '+44 20 3808 4417',
  email: 'support@strikepoint-training.com',
  replyPromise: 'Reply within 24 hours',
  whatsappUrl: 'https://wa.me/442038084417',
  /** The two offices; each one's hours are given in its own time zone (contact page). */
  addresses: [
    {
      label: 'United Kingdom',
      city: 'Leeds',
      lines: ['Unit 4, Riverside Business Park', 'Leeds LS10 1AB', 'United Kingdom'],
      country: 'GB',
      timeZone: 'Europe/London',
    },
    {
      label: 'Lithuania',
      city: 'Vilnius',
      lines: ['Savanorių pr. 178', '03154 Vilnius', 'Lithuania'],
      country: 'LT',
      timeZone: 'Europe/Vilnius',
    },
  ],
  social: [
    { network: 'facebook', label: 'StrikePoint Training on Facebook', url: 'https://www.facebook.com/strikepointtraining' },
    { network: 'instagram', label: 'StrikePoint Training on Instagram', url: 'https://www.instagram.com/strikepointtraining' },
    { network: 'youtube', label: 'StrikePoint Training on YouTube', url: 'https://www.youtube.com/@strikepointtraining' },
    { network: 'tiktok', label: 'StrikePoint Training on TikTok', url: 'https://www.tiktok.com/@strikepointtraining' },
    { network: 'linkedin', label: 'StrikePoint Training on LinkedIn', url: 'https://www.linkedin.com/company/strikepoint-training' },
    { network: 'maps', label: 'Review StrikePoint Training on Google Maps', url: 'https://maps.google.com/?cid=1234567890' },
  ],
  /**
   * When the team answers, in the shop's own time (timeZone, UK time): the contact page gives them in
   * each office's time zone (business-hours.ts). The spec's "EST" was untrue for a shop in Leeds and
   * Vilnius (issue 66). The FAQ's support hours are the phone line's.
   */
  businessHours: [
    { days: 'Monday – Friday', opens: '09:00', closes: '18:00' },
    { days: 'Saturday', opens: '10:00', closes: '16:00' },
    { days: 'Sunday', opens: null, closes: null },
  ],
  /** Where the shop's people work: the back office and the owner's mails give times in this zone. */
  timeZone: 'Europe/London',
  /** Support hours quoted in the FAQ (UK time; not the contact page's business hours). */
  supportHours: 'Monday to Friday, 9:00 AM to 5:00 PM UK time',
} as const;
