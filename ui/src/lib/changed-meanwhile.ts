/**
 * Beside a field someone else changed while its form was open (a load section, the vendor profile): what it is now.
 * It does not stop a save: a second Save replaces it with the user's value.
 */
export const fieldChangedMeanwhile = (now: string | boolean | undefined) =>
  `Changed by someone else meanwhile; it is now ${now === true ? 'Yes' : now === false ? 'No' : now ? `"${now}"` : 'empty'}. Save again to replace it with yours.`;
