/** General input checks (e-mail, website, texts, yes/no). A section of `de` (de.ts). */
export const validationMessages = {
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  websiteInvalid: 'Bitte geben Sie eine gültige Website-Adresse ein, beginnend mit http:// oder https://.',
  tooLong: (label: string, max: number) => `${label} darf höchstens ${max} Zeichen lang sein.`,
  textInvalid: (label: string) => `${label} muss ein Text sein.`,
  booleanInvalid: 'Erwartet wird Ja oder Nein (true oder false).',
  controlCharacters: 'Der Text enthält unzulässige Steuerzeichen.',
  lineBreaks: 'Dieses Feld darf keine Zeilenumbrüche oder Tabulatoren enthalten.',
  bidiOverrides: 'Namen dürfen keine Zeichen enthalten, die die Schreibrichtung umkehren.',
} as const;
