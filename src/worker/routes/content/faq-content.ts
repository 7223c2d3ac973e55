import type { QuestionAnswer } from '#shared/seo/page-jsonld.ts';
import { WELCOME_PERCENT } from '#shared/newsletter/newsletter-rules.ts';
import { PROCESSING_DAYS, returnsPolicy, shippingRates } from '#shared/policy/figures.ts';
import {
  freeShippingOverText,
  batteryLifeText,
  businessDays,
  deliveryTimesText,
  formatPercent,
  freeShippingDestinationsText,
  paymentMethodsText,
  returnWindowText,
  shippingCostText,
  warrantyText,
} from '#shared/policy/text.ts';

/**
 * The FAQ's questions and answers. Answers are plain text: the page shows them as
 * they are and the FAQPage structured data repeats them word for word.
 */
export interface FaqSection {
  id: string;
  title: string;
  items: readonly QuestionAnswer[];
}

const restOfWorld = shippingRates.find((r) => r.destination === 'ROW')!;

export const faqSections: readonly FaqSection[] = [
  {
    id: 'products',
    title: 'About Our Products',
    items: [
      {
        question: 'What are laser training guns?',
        answer:
          'Laser training guns are dry-fire trainers shaped and weighted like real pistols, rifles and shotguns. Instead of firing a projectile, each trigger press sends a short laser pulse that shows where your shot would have landed. You can practise grip, sight alignment, trigger control, draws and reloads at home or in a classroom, without ammunition or a range. They are not firearms and cannot be converted to fire ammunition.',
      },
      {
        question: 'Which training apps do your laser trainers work with?',
        answer:
          'Our app-compatible trainers work with popular laser training apps, including LaserHIT, Laser Ammo, Mantis, Strikeman, G-Sight and iDryfire. The app uses your phone or tablet camera to detect the laser on a paper or on-screen target and scores your shots. Each app has its own device support and pricing, so try its free version with your trainer first. Every product page lists that model’s app compatibility.',
      },
      {
        question: 'What targets can I use?',
        answer:
          'Our Reactive Laser Target System lights up to confirm every hit and runs timed drills and scoring through its Bluetooth app. With a camera-based app you can also use printed paper targets or the targets the app shows. Any target works for plain dry fire: the laser dot shows where each shot breaks.',
      },
      {
        question: 'How long do the batteries last?',
        answer: `Expect ${batteryLifeText} per set of batteries, depending on the model and, on recoil models, whether recoil is switched on. Each product page gives the figure for that model. Keep a spare set in your training kit.`,
      },
    ],
  },
  {
    id: 'orders',
    title: 'Orders & Shipping',
    items: [
      {
        question: 'How long does delivery take?',
        answer: `We process orders within ${businessDays(PROCESSING_DAYS)}. Standard delivery then takes ${deliveryTimesText('standard')}. Express delivery takes ${deliveryTimesText('express')}. Our Shipping Policy has the full table of times and costs.`,
      },
      {
        question: 'Do you ship internationally?',
        answer: `Yes, we ship worldwide. Standard shipping is free on orders over ${freeShippingOverText} to ${freeShippingDestinationsText}. To ${restOfWorld.inSentence}, standard shipping costs ${shippingCostText(restOfWorld.standard)} and express ${shippingCostText(restOfWorld.express)}, depending on the country. Import duties and local taxes may be charged on delivery and are paid by the recipient. Some countries restrict laser devices or training replicas, so please check your local rules before ordering.`,
      },
      {
        question: 'How can I track my order?',
        answer:
          'When your order leaves our warehouse we e-mail you a tracking number and a link to the carrier’s tracking page. Tracking can take up to a day to show the first scan. If your dispatch e-mail has not arrived, check your spam folder, then contact us with your order number.',
      },
      {
        question: 'What payment methods do you accept?',
        answer: `We accept ${paymentMethodsText}. Payment is taken on our payment provider’s secure checkout page, so we never see or store your full card details.`,
      },
      {
        question: 'What is Subscribe & Save?',
        answer: `Subscribe to the Training Gun Digest by e-mail (the sign-up is on every article, and at /newsletter) and confirm the link we send: the welcome e-mail brings a single-use code for ${WELCOME_PERCENT}% off your first order, in any currency. New articles then come by e-mail when they are published, and every e-mail has a one-click link to leave.`,
      },
    ],
  },
  {
    id: 'returns',
    title: 'Returns & Warranty',
    items: [
      {
        question: 'What is your return policy?',
        answer: `You can return an item within ${returnWindowText} of delivery if it is ${returnsPolicy.condition}. We process refunds within ${businessDays(returnsPolicy.refundDays)} of receiving the return. Instead of a refund you can choose store credit worth ${formatPercent(returnsPolicy.storeCreditPercent)} of the purchase value, or an exchange for ${returnsPolicy.exchangeFor}. ${returnsPolicy.returnShipping}.`,
      },
      {
        question: 'What warranty do your products have?',
        answer: `Every product is under warranty for ${warrantyText} from the date of delivery against defects in materials and workmanship. If a fault appears, contact us with your order number and a short description or video and we will repair or replace the item. The warranty does not cover normal wear, accidental damage or misuse, and it does not affect your statutory rights.`,
      },
      {
        question: 'What if my order arrives damaged?',
        answer:
          'Keep the packaging and contact us as soon as you can with your order number and photos of the item and the box. Damage in transit is our responsibility: we send a replacement or give you a full refund, and we pay the return shipping.',
      },
    ],
  },
  {
    id: 'support',
    title: 'Technical Support',
    items: [
      {
        question: 'How do I calibrate my laser trainer?',
        answer:
          'Our trainers are zeroed at the factory. To check the zero, set a target at your usual training distance, fire a few shots from a rested position and compare the hits with your point of aim. If they differ, turn the laser’s windage and elevation screws with the supplied hex key in small steps. If you use an app, run its calibration too, so the camera maps the target correctly.',
      },
      {
        question: 'My trainer does not fire a laser. What should I check?',
        answer:
          'Fit fresh batteries the right way round and make sure the battery cap is tight. Check that the trigger resets fully between presses and that the laser lens is clean: wipe it with a soft, dry cloth. On models with a power or mode switch, make sure it is on. If it still does not work, contact us with the model and your order number.',
      },
      {
        question: 'Can I use my laser trainer outdoors?',
        answer:
          'Yes, but bright sunlight makes the laser dot hard to see and hard for app cameras to detect, so indoors or in shade works best. Our trainers are not waterproof: keep them dry. Train only on private property, never point a trainer at people, animals, vehicles or aircraft, and carry it in a closed bag, because it can be mistaken for a real firearm.',
      },
      {
        question: 'How do I connect my trainer to an app?',
        answer:
          'Laser trainers do not pair with your phone: the app sees the laser dot through the camera. Install the app, allow camera access, set your phone or tablet on a steady stand facing the target, run the app’s calibration and fire a test shot. Our Reactive Laser Target System connects over Bluetooth from inside its own app, not from your phone’s Bluetooth settings.',
      },
    ],
  },
];

/** Every question and answer, in page order (for the FAQPage structured data). */
export const faqItems: readonly QuestionAnswer[] = faqSections.flatMap((s) => s.items);
