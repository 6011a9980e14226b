const questions = [
  {
    question: 'Can I change plans later?',
    answer:
      'Yes. Choose another plan on this page at any time. The change takes effect at once, and the difference for the rest of your billing period is prorated on your next invoice.',
  },
  {
    question: 'What happens when I cancel?',
    answer:
      'Cancel from your client portal whenever you like. Your plan stays active until the end of the period you have paid for and does not renew. Until then you can renew it here with one click.',
  },
  {
    question: 'How am I billed?',
    answer:
      'Plans are billed monthly in advance to the card you subscribe with. We email you (at the address on your account) when your plan starts, each time it renews, if a payment fails, and when you cancel or resume it, and your portal shows your plan and its renewal date.',
  },
  {
    question: 'Are on-site visits and projects included?',
    answer:
      'Each plan includes the on-site hours listed. Larger projects such as cabling, rollouts or migrations are quoted separately, at a discount for subscribers.',
  },
] as const;

/** Short answers to what buyers ask before subscribing. */
export function PricingFaq() {
  return (
    <dl className="grid gap-8 md:grid-cols-2">
      {questions.map(({ question, answer }) => (
        <div key={question}>
          <dt className="text-lg font-semibold text-navy-900">{question}</dt>
          <dd className="mt-2 text-slate-600">{answer}</dd>
        </div>
      ))}
    </dl>
  );
}
