/**
 * Words that never make a tag (tags.ts): function words of the languages the tagger reads (the notes' search
 * languages: English, French, German, Spanish, Italian, Portuguese, Dutch), words every screenshot has (the app's
 * buttons, dates, units), words that are a kind's furniture (a receipt's "total", code's "return") and words too
 * common to tell one note from another. Lower case; English is always checked, as screens mix it into every language.
 */

const list = (text: string) => text.split(/\s+/).filter(Boolean);

// prettier-ignore
const FUNCTION_WORDS: Record<string, string> = {
  eng: `a about above after again against all also am an and any are as at be because been before being below
    between both but by can could did do does doing down during each either else ever few for from further had has
    have having he her here hers herself him himself his how however i if in into is it its itself just let me
    more most much must my myself neither no nor not now of off on once only or other our ours ourselves out over
    own same she should so some such than that the their theirs them themselves then there these they this those
    through to too under until up upon us very was we were what when where which while who whom whose why will
    with within without would yet you your yours yourself yourselves it's i'm don't can't won't isn't aren't
    doesn't didn't that's there's let's i've i'll you're we're they're via per`,
  fra: `au aux avec ce ces cet cette dans de des du elle elles en est et étaient était être eux il ils je la le
    les leur leurs lui ma mais me même mes moi mon ne nos notre nous on ou où par pas plus pour qu que qui sa sans
    se ses son sont sur ta te tes toi ton tu un une vos votre vous ça été avoir fait comme tout tous toute toutes
    aussi très bien peut sous entre chez dont donc alors ainsi chacun chaque autre autres`,
  deu: `aber alle allem allen aller alles als also am an auch auf aus bei bin bis bist da damit dann das dass dein
    deine dem den der des dessen die dies diese diesem diesen dieser dieses doch dort du durch ein eine einem einen
    einer eines er es euer eure für gegen hat hatte hier hin ich ihr ihre im in ist ja jede jedem jeden jeder jedes
    kann kein keine mein meine mit muss nach nicht noch nun nur ob oder ohne sehr sein seine sich sie sind so
    soll über um und uns unser unter vom von vor war waren was weil wenn wer wie wir wird wo zu zum zur zwischen
    werden wurde wurden haben einen`,
  spa: `a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas
    ellos en entre era es esa esas ese eso esos esta estaba estas este esto estos fue fueron ha había han hasta la
    las le les lo los más me mi mis muy nada ni no nos nosotros o otra otras otro otros para pero poco por porque
    que quien se sea ser si sin sobre son su sus también tan te tiene todo todos tu tus un una uno unos y ya yo
    está están puede hay`,
  ita: `a ad al alla alle allo agli ai anche che chi ci come con contro da dal dalla dalle degli dei del della delle
    dello di dove e ed era gli ha hanno il in io la le lei lo loro lui ma mi mia mio ne nei nel nella nelle noi non
    o per perché più quale quando quella quelle quello questa queste questo se sei si sia siamo sono su sua sue suo
    sul sulla tra tu tutti tutto un una uno vi voi essere stato molto`,
  por: `a ao aos as até com como da das de dela dele do dos e ela elas ele eles em entre era essa essas esse esses
    esta estas este estes eu foi for há isso isto já lhe mais mas me mesmo meu minha muito na nas nem no nos nós
    o os ou para pela pelas pelo pelos por qual quando que quem se sem ser seu seus sua suas também te tem um uma
    você vocês está são foram pode`,
  nld: `aan al als bij dan dat de deze die dit door een en er geen had heb hebben heeft het hier hij hoe hun ik in is
    je kan maar me meer met mij mijn na naar niet nog nu of om ons onze ook op over te tot u uit van veel voor was
    wat we wel werd wie wij worden zal ze zich zij zijn zo zou`,
};

/** Words of every screen (buttons, menus, dates, units) and of the web: never what a note is about. */
// prettier-ignore
const SCREEN_WORDS = list(`
  reply replies share shared like likes liked comment comments follow following followers subscribe download
  upload menu home search settings login logout sign signin signup account profile cancel close open edit delete
  save send sent next previous back more less show hide view views click tap swipe online offline message messages
  today yesterday tomorrow now ago just new old read unread seen delivered typing notification notifications
  http https www com org net html page pages copyright rights reserved privacy terms cookie cookies
  monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun
  january february march april may june july august september october november december
  jan feb mar apr jun jul aug sep sept oct nov dec
  am pm hour hours minute minutes min mins second seconds day days week weeks month months year years
  yes okay ok thanks thank please hello hey hi bye lol haha
  one two three four five six seven eight nine ten first second third
  item items total note notes text image images screenshot photo picture file files document
  figure fig table tab section chapter part example examples untitled date name
`);

/** Words too common in English to tell one note from another. */
// prettier-ignore
const GENERIC_WORDS = list(`
  also another around away best better big come could different does done each even every get gets getting give
  given go goes going good got great help here high know large last later least left let like little long look
  made make makes making many might need never number often others people place point put really right said
  say says see seem seems several since small something still take takes than thing things think time times
  try two type use used uses using want way ways well went whether whole work works world would year yet able
  based following include includes including known less low available within without however thus therefore
  called found shown show shows case cases result results end set sets full general given per via use
  largest smallest original placed run live man men woman women thing value values various varies
`);

/** Per kind, its own furniture. */
// prettier-ignore
const KIND_WORDS: Record<string, string[]> = {
  receipt: list(`receipt invoice tax taxes gst vat total subtotal sub amount amt qty quantity price unit cash card
    change rounding discount paid payment balance due tel fax no ref doc cashier salesperson customer thank thanks
    visit again goods sold refundable exchange tender visa mastercard debit credit inclusive excluding simplified bill
    sales summary code rm usd eur gbp`),
  code: list(`function return const let var import export from class def if else elif for while try catch except
    finally new this self true false null none undefined public private static void int string bool boolean async
    await yield print console log require module package interface type extends implements lambda end begin`),
  table: list(`row rows column columns total sum average mean value values`),
  form: list(`name names surname given first last middle date birth place signature address city country postcode
    zip phone mobile email gender sex nationality number yes no please check box form fill field required optional`),
  chat: list(`you me them chat group`),
};

const STOP: Record<string, Set<string>> = {};
function stopSet(language: string | null): Set<string> {
  const key = language && FUNCTION_WORDS[language] ? language : 'eng';
  STOP[key] ??= new Set([
    ...list(FUNCTION_WORDS.eng!),
    ...(key === 'eng' ? [] : list(FUNCTION_WORDS[key]!)),
    ...SCREEN_WORDS,
    ...GENERIC_WORDS,
  ]);
  return STOP[key];
}

/** True when `word` (lower case) never makes a tag for a note of this language and kind. */
export function isTagStopword(word: string, language: string | null, kind: string | null): boolean {
  return stopSet(language).has(word) || (kind !== null && (KIND_WORDS[kind]?.includes(word) ?? false));
}
