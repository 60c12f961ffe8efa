// The broker-carrier agreement shown on the Carrier Agreement screen. A signature records the version it was made
// against (and the server records the text's hash), so the exact terms signed are always known.
export const AGREEMENT_VERSION = '2026-11-01';

export const AGREEMENT_SECTIONS: readonly { title: string; body: string }[] = [
  {
    title: '1. Parties and Scope',
    body:
      'This Broker-Carrier Agreement ("Agreement") is entered into between the freight broker operating this portal ("Broker") and the motor carrier identified in its vendor profile ("Carrier"). Carrier agrees to transport shipments tendered by Broker under the terms of this Agreement and of each load confirmation, which forms part of this Agreement. Carrier is an independent contractor and has exclusive control over its drivers, equipment and operations.',
  },
  {
    title: '2. Carrier Authority and Compliance',
    body:
      'Carrier warrants that it holds valid operating authority from the Federal Motor Carrier Safety Administration, that it does not hold an Unsatisfactory safety rating, and that it complies with all federal, state and local laws applicable to its operations, including hours-of-service, drug and alcohol testing, and equipment safety requirements.',
  },
  {
    title: '3. Equipment',
    body:
      'Carrier shall furnish clean, sound and suitable equipment for each shipment. Any rejection of equipment by a shipper, or any inability to provide the equipment stated in the load confirmation, must be reported to Broker within 60 minutes.',
  },
  {
    title: '4. Proof of Delivery and Payment',
    body:
      'Carrier shall submit a signed proof of delivery within 4 days of delivery. Compensation may be reduced if the proof of delivery is not provided within 24 hours of delivery. Broker pays Carrier the agreed rate upon receipt of a correct invoice and proof of delivery. Carrier must dispute any offset or deduction within 10 days of notice of it; otherwise the offset is deemed accepted.',
  },
  {
    title: '5. Claims',
    body:
      'Carrier is liable for loss of, damage to, or delay of cargo while in its possession, as provided by 49 U.S.C. § 14706. Carrier shall pay, decline or settle each claim within 30 days of receiving it.',
  },
  {
    title: '6. Insurance',
    body:
      'Carrier shall maintain, at its own expense, automobile liability insurance of at least $1,000,000; commercial general liability insurance of at least $1,000,000 per occurrence and $2,000,000 aggregate; and cargo insurance of at least $150,000 per shipment. The maximum deductible on any required policy is $1,000. Carrier shall give Broker 30 days\' advance written notice of cancellation of, or material change to, any required policy.',
  },
  {
    title: '7. Non-Solicitation',
    body:
      'For 12 months after the end of this Agreement, Carrier shall not solicit freight directly from any shipper whose freight Carrier hauled under this Agreement. Carrier shall pay Broker, as liquidated damages, 20% of the gross revenue earned on any freight moved in breach of this section.',
  },
  {
    title: '8. Term and Termination',
    body:
      'This Agreement has a term of 1 year and renews automatically for successive 1-year terms. Either party may terminate it on 15 days\' written notice to the other. Obligations arising before termination survive it.',
  },
  {
    title: '9. Governing Law',
    body:
      'This Agreement is governed by the laws of the State of Texas, except where federal law applies. Any dispute shall be resolved in the state or federal courts located in Texas.',
  },
];

export const AGREEMENT_TEXT = AGREEMENT_SECTIONS.map((section) => `${section.title}\n${section.body}`).join('\n\n');
