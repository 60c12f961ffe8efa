// Passwords of 8 or more characters that top the published breach lists (RockYou, the yearly "worst passwords"
// lists), lower-case. `passwordProblems` compares case-insensitively, after dropping one or two trailing digits or
// symbols, and refuses repeats and keyboard or alphabet runs by rule, so variants of these need not be listed.
// Shorter ones are left out: the length rule refuses them already.

/** Common passwords, lower-case, each at least 8 characters long. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', 'password12345', 'password01', 'password11',
  'password!', 'passw0rd', 'passw0rd1', 'p@ssw0rd', 'p@ssw0rd1', 'p@ssword', 'p@ssword1', 'p@55w0rd', 'pa$$word',
  'pa55word', 'pa55w0rd', 'p4ssw0rd', 'passwort', 'passwort1', 'motdepasse', 'contrasena', 'mypassword',
  'newpassword', 'password2', 'pass1234', 'pass12345', 'passpass', '12345678', '123456789', '1234567890',
  '12345678910', '0123456789', '11111111', '111111111', '1111111111', '00000000', '000000000', '22222222', '33333333',
  '55555555', '66666666', '77777777', '88888888', '99999999', '87654321', '987654321', '9876543210', '12341234',
  '11223344', '12344321', '123123123', '147258369', '123456789a', '123456abc', '1234567a', '1q2w3e4r', '1q2w3e4r5t',
  '1q2w3e4r5t6y', 'q1w2e3r4', 'q1w2e3r4t5', 'q1w2e3r4t5y6', '1qaz2wsx', '1qaz2wsx3edc', '1qazxsw2', 'zaq12wsx',
  'zaq1zaq1', 'zaq1xsw2', '!qaz2wsx', 'qazwsxedc', 'qazwsx123', 'qweasdzxc', 'qweasd123', 'asdqwe123', '123qweasd',
  '123qweasdzxc', 'qwe123qwe', 'qwerty12', 'qwerty123', 'qwerty1234', 'qwerty12345', 'qwertyui', 'qwertyuiop',
  'qwertyuiop123', 'qwer1234', '1234qwer', 'qwerasdf', 'qwertyqwerty', 'asdfghjk', 'asdfghjkl', 'asdfasdf',
  'asdf1234', 'zxcvbnm1', 'zxcvbnm123', 'azerty123', 'azertyuiop', 'qwertz123', 'qwertzuiop', 'abc12345', 'abc123456',
  'abcd1234', 'abcd12345', 'abcdefgh', 'abcdefg1', 'a1b2c3d4', 'a1b2c3d4e5', 'aa123456', 'a12345678', 'a123456789',
  'aaaaaaaa', 'iloveyou', 'iloveyou1', 'iloveyou2', 'iloveyou!', 'iloveyou123', 'loveyou1', 'lovelove', 'lovely123',
  'babygirl', 'babygirl1', 'sweetheart', 'sweetie1', 'princess', 'princess1', 'princesa', 'sunshine', 'sunshine1',
  'football', 'football1', 'baseball', 'baseball1', 'basketball', 'softball', 'superman', 'superman1', 'batman123',
  'starwars', 'starwars1', 'whatever', 'whatever1', 'trustno1', 'welcome1', 'welcome123', 'welcome12', 'welcome!',
  'letmein1', 'letmein123', 'letmein!', 'changeme', 'changeme1', 'changeme123', 'changeit', 'admin123', 'admin1234',
  'admin12345', 'administrator', 'adminadmin', 'root1234', 'rootroot', 'master123', 'masterkey', 'default1',
  'guest123', 'user1234', 'test1234', 'test12345', 'testtest', 'testing1', 'testing123', 'temp1234', 'hello123',
  'hello1234', 'helloworld', 'hellohello', 'login123', 'secret123', 'monkey123', 'dragon123', 'shadow123', 'michael1',
  'jennifer', 'jessica1', 'jordan23', 'charlie1', 'charlie123', 'computer', 'computer1', 'internet', 'elephant',
  'chocolate', 'chocolate1', 'butterfly', 'butterfly1', 'beautiful', 'pokemon1', 'pokemon123', 'minecraft',
  'minecraft1', 'spongebob', 'tinkerbell', 'poohbear', 'twilight', 'slipknot', 'scorpion', 'midnight', 'snowball',
  'sunflower', 'rainbow1', 'rainbow123', 'freedom1', 'blink182', 'angel123', 'angelina', 'liverpool', 'liverpool1',
  'chelsea1', 'arsenal1', 'manchester', 'barcelona', 'realmadrid', 'juventus', 'ferrari1', 'mercedes', 'corvette',
  'mustang1', 'porsche911', 'yankees1', 'steelers', 'dolphins', 'maverick', 'phoenix1', 'michelle', 'samantha',
  'jonathan', 'victoria', 'alexander', 'alexandra', 'benjamin', 'patricia', 'caroline', 'danielle', 'nicholas',
  'christina', 'christian', 'christopher', 'elizabeth', 'anthony1', 'brandon1', 'jackson1', 'matthew1', 'william1',
  'fernando', 'alejandro', 'carolina', 'gabriela', 'valentina', 'brittany', 'estrella', 'mariposa', 'tequiero',
  'teamo123', 'hallo123', 'samsung1', 'samsung123', 'google123', 'facebook', 'facebook1', 'linkedin', 'myspace1',
  'microsoft', 'superstar', 'passport', 'opensesame',
  // Words of this portal that people reach for first.
  'freight123', 'trucking', 'loadboard', 'freightportal',
]);
