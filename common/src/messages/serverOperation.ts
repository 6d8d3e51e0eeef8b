/**
 * Texts of the server's own operation, for the Admin: the start-up messages that /api/status
 * and the log carry, the configuration errors printed at start, and the TLS lines.
 */
export const serverMessages = {
  databaseStartFailed: (reason: string) => `Datenbank konnte nicht gestartet werden: ${reason}`,
  retrying: (seconds: number) => `Neuer Versuch in ${seconds} s.`,
  folderNotReachable: (folder: string) =>
    `Der Ordner ${folder} ist für den Datenbank-Benutzer 'postgres' nicht zugänglich. Bitte DATA_DIR an einen anderen Ort legen.`,
  postgresUserMissing:
    "Der Systembenutzer 'postgres' für die eingebettete Datenbank fehlt und konnte nicht angelegt werden.",
  initdbFailed: (detail: string) => `Die eingebettete Datenbank konnte nicht angelegt werden: ${detail}`,
  postgresExited: (detail: string) => `Die eingebettete Datenbank hat sich beim Start beendet: ${detail}`,
  noOutput: '(keine Ausgabe)',
  postgresStartTimeout: 'Die eingebettete Datenbank ist nicht rechtzeitig bereit geworden.',
  leftoverStopping: (pid: number) =>
    `Die Datenbank aus einem früheren Start (Prozess ${pid}) läuft noch und wird jetzt beendet.`,
  leftoverStopped: (pid: number) => `Die Datenbank aus einem früheren Start (Prozess ${pid}) wurde beendet.`,
  leftoverStaleLock: (pid: number) =>
    `Die Sperrdatei der Datenbank nennt den Prozess ${pid}, der nicht mehr zur Datenbank gehört; sie wird entfernt.`,
  leftoverUnverifiable: (pid: number, folder: string) =>
    `Ein Prozess (PID ${pid}) aus einem früheren Start sperrt noch den Datenbankordner ${folder}. Werkboard kann nicht prüfen, ob es seine eigene Datenbank ist, und beendet ihn daher nicht. Bitte den Prozess beenden; Werkboard versucht den Start regelmäßig erneut.`,
  leftoverNotStopped: (pid: number) =>
    `Die Datenbank aus einem früheren Start (Prozess ${pid}) ließ sich nicht beenden. Bitte den Prozess beenden; Werkboard versucht den Start regelmäßig erneut.`,
  databaseInUse: (pid: number) =>
    `Die Datenbank wird gerade von einem laufenden Werkboard-Server verwendet (Prozess ${pid}). Bitte diesen Server zuerst beenden.`,
  databaseDied: 'Die Datenbank wurde unerwartet beendet und wird neu gestartet.',
  databaseRestartFailed: (reason: string) =>
    `Die Datenbank wurde unerwartet beendet, der Neustart ist fehlgeschlagen: ${reason} Werkboard versucht es weiter.`,
  databaseRestarted: 'Die Datenbank läuft wieder.',
  superuserRole: (role: string) =>
    `Werkboard ist mit der Datenbankrolle "${role}" verbunden, die Superuser-Rechte hat. Bitte eine eigene Rolle ohne Superuser-Rechte anlegen, ihr die Datenbank übertragen und sie in DATABASE_URL verwenden.`,
  invalidTrustProxy: (entry: string) =>
    `TRUST_PROXY: "${entry}" ist weder eine IP-Adresse noch ein Netz (CIDR); erlaubt sind true, false oder eine Liste wie "10.0.0.5, 172.18.0.0/16".`,
  weakPassword: (variable: string, minimum: number) =>
    `${variable} ist zu schwach: mindestens ${minimum} Zeichen, kein verbreitetes Passwort (wie "passwort" oder "12345678") und nicht nur naheliegende Wörter (wie "Werkboard2026" oder der Benutzername).`,
  privateModeFailed: (file: string) => `Die Zugriffsrechte von ${file} konnten nicht auf privat gesetzt werden.`,
  tls: {
    certificateAndKey: 'TLS_CERT und TLS_KEY müssen zusammen angegeben werden.',
    unknownMode: (value: string) => `TLS kennt nur den Wert "self-signed", nicht "${value}".`,
    twoSources: 'Bitte entweder TLS_CERT und TLS_KEY oder TLS=self-signed angeben, nicht beides.',
    invalidHost: (host: string) => `TLS_HOSTS: "${host}" ist weder ein Hostname noch eine IP-Adresse.`,
    redirectWithoutTls: 'HTTP_REDIRECT_PORT braucht TLS (TLS_CERT und TLS_KEY oder TLS=self-signed).',
    invalidRedirectPort: (value: string) =>
      `HTTP_REDIRECT_PORT muss eine Portnummer von 1 bis 65535 sein, nicht "${value}".`,
    fileUnreadable: (variable: string, file: string) => `${variable}: Die Datei ${file} kann nicht gelesen werden.`,
    certificateInvalid: 'TLS_CERT enthält kein gültiges Zertifikat im PEM-Format.',
    keyInvalid: 'TLS_KEY enthält keinen gültigen privaten Schlüssel im PEM-Format.',
    keyMismatch: 'Der Schlüssel aus TLS_KEY passt nicht zum Zertifikat aus TLS_CERT.',
    certificateExpired: (date: string) => `Das Zertifikat aus TLS_CERT ist seit ${date} abgelaufen.`,
    newAuthority:
      'Eine neue lokale Zertifizierungsstelle wurde erzeugt. Geräte, die der bisherigen vertraut haben, müssen die neue installieren.',
    certificateLine: (fingerprint: string) => `Zertifikat (SHA-256): ${fingerprint}`,
    authorityLine: (fingerprint: string) => `Zertifizierungsstelle für die Geräte (SHA-256): ${fingerprint}`,
    authorityFile: (file: string) => `Zum Installieren auf Handys und PCs: ${file}`,
    authorityDownload: (url: string) => `oder im Browser des Geräts: ${url}`,
    badRedirectRequest: 'Ungültige Anfrage.',
    apiNeedsHttps:
      'Der Server ist nur über HTTPS erreichbar. Bitte die Serveradresse mit https:// und dem HTTPS-Port eingeben.',
  },
} as const;
