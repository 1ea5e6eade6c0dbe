/**
 * The weighted lexicons: plain phrases grouped by what they are evidence for. They are written
 * as people phrase them; match.ts runs them through the same normaliser and stemmer at load.
 * A weight is how strongly one occurrence counts for its target (roughly a log-odds step).
 */
import type { ArcType, EmotionPrimary, RelationalDynamic, TemporalContext, TetherType, Valence } from "../schema/vocabulary.js";

export type CueTarget =
  | { kind: "frame" } // the query asks for memories by what mattered (opens the gate)
  | { kind: "block" } // lookup / task / media / definition frames (close the gate)
  | { kind: "arc"; value: ArcType }
  | { kind: "tether"; value: TetherType }
  | { kind: "valence"; value: Valence }
  | { kind: "emotion"; value: EmotionPrimary }
  | { kind: "relation"; value: RelationalDynamic }
  | { kind: "temporal"; value: TemporalContext }
  | { kind: "intensity" };

type Entries = Record<string, number>;
export interface LexiconGroup { target: CueTarget; entries: Entries }

const arc = (value: ArcType, entries: Entries): LexiconGroup => ({ target: { kind: "arc", value }, entries });
const tether = (value: TetherType, entries: Entries): LexiconGroup => ({ target: { kind: "tether", value }, entries });
const valence = (value: Valence, entries: Entries): LexiconGroup => ({ target: { kind: "valence", value }, entries });
const emotion = (value: EmotionPrimary, entries: Entries): LexiconGroup => ({ target: { kind: "emotion", value }, entries });
const relation = (value: RelationalDynamic, entries: Entries): LexiconGroup => ({ target: { kind: "relation", value }, entries });
const temporal = (value: TemporalContext, entries: Entries): LexiconGroup => ({ target: { kind: "temporal", value }, entries });

export const LEXICON: readonly LexiconGroup[] = [
  { target: { kind: "frame" }, entries: {
    "times": 1.2, "time when": 1.2, "the time": 1, "moment": 1.2, "moments": 1.2, "the day": 1.2, "the night": 1, "when i": 1, "when my": 0.8,
    "remember": 1, "memories": 1.4, "memory": 1.2, "when did i": 0.6, "that feeling": 1, "how i felt": 1.4, "i felt": 1.2, "felt like": 1,
    "the year": 0.6, "the summer": 0.6, "ever": 0.5, "the first time": 1.2, "the last time": 1.2, "back when": 1.2, "when we": 0.8,
    "stories about": 1, "that time": 1.2, "i realised": 1.2, "i realized": 1.2, "i knew": 1.2, "made me": 1, "i was": 0.5, "me": 0.3, "my": 0.3,
    "most": 0.4, "i stopped": 1.2, "i finally": 1.2, "i could not": 0.8, "i never": 0.6, "still think about": 1.4, "never forget": 1.4,
  } },
  { target: { kind: "block" }, entries: {
    "what does": 2.5, "mean": 1.5, "meaning of": 2.5, "define": 3, "definition": 3, "synonym": 3, "songs about": 3, "song": 2, "songs": 2,
    "play": 2.5, "playlist": 3, "by": 0.4, "movie": 2, "movies": 2, "film": 2, "book about": 2, "books about": 2.5, "poem": 2, "quote": 2, "quotes": 2,
    "opening hours": 3.5, "open": 1.2, "hours": 1.2, "near me": 3, "appointment": 3, "schedule": 2.5, "when is": 2.5, "what time": 2.5,
    "remind me": 3.5, "reminder": 3, "set a": 2.5, "timer": 3, "alarm": 3, "weather": 3, "forecast": 3, "how to": 2.5, "how do i": 2.2, "how do you": 2.5,
    "recipe": 3, "buy": 2, "order": 1.5, "price": 2.5, "cost": 2, "address": 2.5, "phone number": 3, "email": 2, "send": 2, "book a": 2.5,
    "translate": 3, "calculate": 3, "convert": 3, "who won": 3, "capital of": 3, "population": 3, "stock": 2, "news": 2, "score": 2,
    "hi": 2, "hello": 2, "hey": 1.5, "thanks": 2, "thank you": 2, "how are you": 3, "joke": 3, "tell me a": 1.5, "what is": 1.5, "who is": 2, "who was": 2,
    "symptoms": 2.5, "counselling": 2, "counseling": 2, "therapist near": 3, "stages of": 2.5, "article": 2, "essay": 2.5, "write": 1.5, "list": 1.2,
    "pharrell": 3, "band": 2, "lyrics": 3, "album": 3, "where is": 1.5, "where did i put": 3, "password": 3, "wifi": 3, "birthday is": 1.5, "due": 1.2,
    "psychology": 2, "theory": 2, "history of": 2, "facts": 2, "example": 1.5, "spell": 2.5, "grammar": 2.5, "word for": 2.5,
  } },
  arc("betrayal", { "betray": 3, "betrayal": 3, "betrayed": 3, "cheated on": 3, "cheat": 2, "stabbed me in the back": 3, "backstab": 3, "lied to me": 2.6, "lie to me": 2.2, "lied": 1.6,
    "broke my trust": 3, "trust": 1.2, "behind my back": 2.8, "two faced": 2.5, "sold me out": 3, "turned on me": 2.6, "let me down": 1.8, "deceived": 2.6, "affair": 2.2, "used me": 2.2, "abandoned me": 1.5 }),
  arc("liberation", { "free": 2, "freedom": 2.6, "freed": 2.6, "liberat": 3, "finally free": 3, "escaped": 2.6, "escape": 2, "broke free": 3, "stopped being afraid": 3.2,
    "no longer afraid": 3.2, "stopped being scared": 3.2, "walked out": 1.8, "got out": 1.8, "weight lifted": 2.8, "lifted": 1.4, "quit": 2.2, "crushing me": 1.4, "left him": 1.6, "left her": 1.6,
    "no longer": 1.4, "stopped": 1, "unchained": 3, "relief": 1.4, "let go": 1.2, "cut ties": 2, "stood up to": 1.2, "out of that": 1.2, "divorce": 1.2, "finally left": 2.6 }),
  arc("grief", { "grief": 3, "grieving": 3, "griev": 3, "mourn": 3, "loss": 2.2, "lost": 1.4, "lose": 1.4, "died": 2.6, "die": 2.2, "death": 2.6, "passed away": 3, "pass away": 3,
    "funeral": 3, "miss her": 2.2, "miss him": 2.2, "miss": 1.6, "gone": 1.2, "goodbye": 1.5, "last goodbye": 2.6, "buried": 2.6, "cancer": 1.6, "hospice": 2.4, "widow": 2.6,
    "miscarriage": 3, "put down": 1.6, "afraid of losing": 2.4, "losing her": 2, "losing him": 2, "without her": 1.6, "without him": 1.6, "anniversary of": 1.2, "heartbroken": 1.6, "grave": 2.4 }),
  arc("discovery", { "discover": 3, "discovered": 3, "found out": 2.2, "realised": 1.8, "realized": 1.8, "first time i saw": 2.4, "first time": 1.4, "learned": 1.6, "learnt": 1.6,
    "fell in love with": 1.4, "wonder": 2, "awe": 2.4, "amazed": 2.2, "curious": 2, "new world": 2.2, "eyes opened": 2, "eye opening": 2.4, "figured out": 1.8, "stumbled on": 2.4, "explore": 2.2,
    "explored": 2.2, "passion": 1.6, "first saw": 2, "found my": 1.6, "uncovered": 2.4, "the ocean": 1, "stars": 1.2 }),
  arc("resistance", { "resist": 3, "resisted": 3, "resistance": 3, "stood up to": 3, "stood up for": 2.8, "stand up to": 3, "fought back": 3, "fight back": 3, "refused": 2.6,
    "said no": 2.4, "protest": 2.8, "pushed back": 2.8, "defied": 3, "rebel": 2.6, "rebelled": 2.8, "bully": 2.2, "bullies": 2.2, "held my ground": 3, "did not give in": 3, "fought": 1.8, "fight": 1.4, "against": 1.2, "union": 1.4 }),
  arc("bond", { "bond": 2.6, "bonded": 3, "close to": 2, "closest": 2, "connection": 2, "connected": 1.8, "best friend": 2.6, "friend": 1.4, "friendship": 2.4, "together": 1.6, "we": 0.6,
    "love": 1.2, "loved": 1.2, "hug": 1.8, "held me": 1.6, "held my hand": 2.2, "laughed together": 2.6, "felt close": 2.8, "belong": 1.4, "sister": 0.8, "brother": 0.8, "always there": 2.4,
    "there for me": 2.6, "had my back": 2.6, "christmas morning": 1.6, "sunday dinner": 1.6, "every sunday": 1.2, "at grandmother": 1.2, "inseparable": 3, "us": 0.6, "fishing with": 1.6, "proud of me": 1.6, "tender": 1.6, "cuddl": 2, "falling in love": 1.8, "fell in love": 1.8, "our": 0.5 }),
  arc("moral_awakening", { "wrong": 1.8, "right thing": 2.4, "injustice": 3, "unfair": 2.2, "ashamed": 2, "conscience": 3, "ethic": 2.6, "moral": 3, "racism": 2.8, "racist": 2.8, "privilege": 2.6,
    "realized it was wrong": 3, "realised it was wrong": 3, "saw how unfair": 3, "values": 1.6, "hypocrisy": 2.6, "what was right": 2.8, "complicit": 3, "should have spoken up": 2.6, "eyes were opened": 2 }),
  arc("transformation", { "transform": 3, "transformed": 3, "changed me": 3, "changed my life": 3, "everything changed": 2.6, "became": 1.6, "became a": 2, "turning point": 2.2, "new person": 2.8,
    "different person": 2.8, "never the same": 2.6, "sober": 2.8, "sobriety": 3, "recovery": 2.2, "grew up": 1.4, "reinvent": 3, "changed": 1.4, "change": 1.2, "growth": 2, "started over": 2.4, "rebuilt": 2.2, "became a mother": 2.6, "became a father": 2.6 }),
  arc("reconciliation", { "reconcil": 3, "made up": 2.6, "made peace": 3, "forgive": 2.8, "forgave": 2.8, "forgiven": 2.8, "apolog": 2.6, "sorry": 1.6, "reunited": 2.4, "reunion": 2, "back together": 2.4,
    "talking again": 2.8, "spoke again": 2.6, "patched things up": 3, "mended": 2.8, "healed": 1.4, "after years of not speaking": 3, "estranged": 2, "buried the hatchet": 3, "hugged it out": 2.6 }),
  arc("reckoning", { "reckon": 2.6, "reckoning": 3, "face the truth": 3, "faced": 2, "face up": 2.6, "confront": 2.4, "confronted": 2.6, "admit": 2.4, "admitted": 2.6, "accountab": 3, "own up": 2.6,
    "consequences": 2.4, "my fault": 2.6, "my mistake": 2.4, "truth": 1.4, "had to face": 2.8, "came clean": 2.8, "hit rock bottom": 2.6, "rock bottom": 2.4, "wake up call": 2.6, "regret": 2, "mess i made": 2.8, "diagnosis": 1.4 }),
  arc("threshold", { "threshold": 3, "first day": 2.4, "last day": 2, "moved out": 2.4, "moving out": 2.2, "leave home": 2.4, "left home": 2.6, "graduat": 2.6, "wedding": 2, "married": 1.8,
    "new job": 2, "started school": 2.4, "first job": 2.4, "had to leave": 2.2, "knew i had to leave": 2.6, "crossed": 1.6, "on the edge of": 2.2, "about to": 1.4, "decision": 1.6, "decided": 1.4,
    "before": 0.6, "leap": 2, "starting": 1.2, "new chapter": 2.8, "baby was born": 2, "born": 1.4, "retire": 2.2, "altar": 2.2, "aisle": 1.8, "retired": 2.2, "step into": 2, "moved to": 1.8, "turned 18": 2.4, "eighteen": 1.4, "keys": 1.2 }),
  arc("exile", { "exile": 3, "exiled": 3, "outcast": 3, "cast out": 3, "kicked out": 2.8, "shunned": 3, "excluded": 2.6, "left out": 2.2, "rejected": 2.2, "did not belong": 3, "never belonged": 3,
    "homesick": 2.6, "far from home": 2.8, "refugee": 3, "fled": 2.4, "alone": 1.4, "lonely": 1.8, "isolated": 2.4, "outsider": 3, "the only": 1.6, "only one who": 1.6, "different from everyone": 2.6, "disowned": 3, "banished": 3, "nobody talked to me": 2.6, "new country": 2, "immigrat": 2.2, "displaced": 2.8 }),
  arc("gratitude", { "grateful": 3, "gratitude": 3, "thankful": 3, "thanked": 2.4, "thank": 1.6, "appreciat": 2.4, "helped me": 2.4, "kindness": 2.6, "kind to me": 2.6, "saved me": 2.2, "saved my": 2,
    "blessed": 2.4, "lucky to have": 2.6, "owe": 1.8, "generous": 2.4, "gift": 1.4, "showed up for me": 2.6, "took care of me": 2.4, "got me through": 2.4, "believed in me": 2 }),
  arc("authenticity", { "authentic": 3, "myself": 1.4, "true self": 3, "be myself": 3, "being myself": 3, "came out": 2.6, "coming out": 2.6, "who i really am": 3, "who i am": 2.2, "identity": 2,
    "stopped pretending": 3, "mask": 2, "real me": 3, "own skin": 2.8, "my own voice": 2.6, "accepted myself": 3, "true to myself": 3, "gay": 1.8, "trans": 1.8, "stopped hiding": 2.8, "honest with myself": 2.8 }),
  tether("person", { "mother": 1.5, "father": 1.5, "grandmother": 1.5, "grandfather": 1.5, "sister": 1.5, "brother": 1.5, "wife": 1.5, "husband": 1.5, "friend": 1.4, "son": 1.5, "daughter": 1.5,
    "him": 1, "her": 1, "he": 0.8, "she": 0.8, "boss": 1.2, "teacher": 1.4, "partner": 1.5, "boyfriend": 1.5, "girlfriend": 1.5, "aunt": 1.5, "uncle": 1.5, "coach": 1.3, "them": 0.6, "kid": 1.2, "baby": 1.2, "family": 1 }),
  tether("place", { "house": 1.6, "home": 1.2, "town": 1.8, "city": 1.8, "village": 1.8, "beach": 2, "lake": 2, "kitchen": 1.8, "garden": 1.6, "school": 1.2, "country": 1.4, "place": 1.8,
    "room": 1.4, "cabin": 2, "church": 1.2, "farm": 1.8, "street": 1.6, "hometown": 2.4, "there": 0.4, "mountain": 1.8, "park": 1.4, "hospital": 1.2, "apartment": 1.6, "flat": 1 }),
  tether("object", { "ring": 2.4, "watch": 1.8, "letter": 2.2, "photo": 2.2, "photograph": 2.2, "necklace": 2.6, "car": 1.6, "guitar": 2.4, "piano": 2, "book": 1.4, "quilt": 2.6, "blanket": 2,
    "box": 1.6, "gift": 1.4, "keepsake": 2.8, "heirloom": 2.8, "sweater": 2.2, "jacket": 2, "toy": 2.2, "bike": 2, "locket": 2.8, "diary": 2.2, "teddy": 2.4, "keys": 1.6 }),
  tether("event", { "wedding": 2, "funeral": 2, "graduation": 2.2, "birth": 1.4, "born": 1.4, "accident": 2.2, "diagnosis": 1.8, "party": 1.6, "concert": 1.8, "divorce": 1.6, "war": 1.8,
    "fire": 1.6, "crash": 1.8, "race": 1.4, "game": 1.2, "match": 1, "interview": 1.6, "surgery": 1.8, "storm": 1.6, "the day": 0.6, "trial": 1.4, "protest": 1.2 }),
  tether("ritual", { "every sunday": 2.8, "every morning": 2.4, "every night": 2.4, "every year": 1.8, "every week": 2.2, "bedtime": 2.2, "routine": 2.6, "ritual": 3, "sunday dinner": 2.8,
    "morning coffee": 2.4, "used to": 1, "always": 0.8, "each": 0.6, "prayer": 1.6, "prayed": 1.4, "walks": 1.2, "tea": 1, "dinners": 1.4, "saturday": 1.2, "sunday": 1.2 }),
  tether("tradition", { "tradition": 3, "traditions": 3, "christmas": 2.2, "thanksgiving": 2.4, "passover": 2.6, "diwali": 2.6, "eid": 2.6, "ramadan": 2.4, "hanukkah": 2.6, "easter": 2, "new year": 1.6,
    "family recipe": 2.6, "heritage": 2.4, "ancestors": 2.2, "handed down": 2.4, "passed down": 2.6, "generations": 2, "holiday": 1.4, "holidays": 1.6, "festival": 1.8, "lunar new year": 2.8 }),
  tether("identity", { "identity": 2.8, "who i am": 2.6, "who i really am": 2.8, "came out": 2.4, "coming out": 2.4, "gay": 2, "queer": 2.4, "trans": 2, "culture": 1.6, "faith": 1.6, "religion": 1.6,
    "immigrant": 1.8, "heritage": 1, "as a woman": 2.2, "as a man": 2.2, "background": 1.4, "belong": 1, "being myself": 1.8, "true self": 1.8, "real me": 1.8, "my roots": 2.4 }),
  tether("self", { "myself": 2, "my own": 1.2, "my body": 2.2, "my mind": 2, "my health": 1.8, "sober": 2, "addiction": 2, "my fault": 1.4, "i": 0.15, "alone": 1, "me": 0.2, "my life": 1.2, "recovery": 1.6, "therapy": 1.6, "depression": 1.8, "anxiety": 1.6 }),
  tether("symbol", { "symbol": 3, "flag": 2.6, "song": 1.2, "our song": 2.6, "tattoo": 2.4, "cross": 1.6, "rainbow": 2, "feather": 2.2, "butterfly": 2.2, "sign": 1.6, "name": 1.2, "colour": 1.4, "color": 1.4, "smell": 1.6 }),
  valence("positive", { "happy": 2, "happiest": 2.6, "joy": 2.4, "proud": 2.4, "proudest": 2.6, "grateful": 2.2, "love": 1.2, "loved": 1.2, "best": 0.8, "free": 1.4, "laughed": 1.8, "beautiful": 1.8,
    "kind": 1.4, "peace": 1.6, "relief": 1, "finally": 0.6, "wonderful": 2, "excited": 1.8, "hope": 1.4, "safe": 1.4, "celebrat": 1.8, "fun": 1.6, "amazing": 1.8, "warm": 1.2 }),
  valence("negative", { "sad": 2, "saddest": 2.6, "worst": 2.6, "afraid": 1.8, "scared": 1.8, "hurt": 2, "pain": 1.8, "angry": 1.8, "betray": 2, "lied": 1.4, "died": 1.6, "death": 1.6, "grief": 1.6,
    "lonely": 1.8, "alone": 1.2, "ashamed": 2, "cried": 1.4, "crying": 1.4, "terrified": 2.2, "devastated": 2.6, "humiliat": 2.4, "lost": 1, "miss": 1, "cheated": 2, "broke my": 1.8, "fail": 1.6, "awful": 2.2, "rejected": 1.8 }),
  valence("mixed", { "bittersweet": 3.5, "mixed feelings": 3.5, "both": 1.2, "but also": 2, "happy and sad": 3.5, "sad but": 2.2, "scary but": 2.4, "terrifying and": 2, "and relieved": 1.6, "conflicted": 3, "complicated": 1.8 }),
  emotion("joy", { "happy": 2, "happiest": 2.4, "joy": 2.6, "laughed": 1.8, "fun": 1.4, "excited": 1.6, "celebrat": 1.6 }),
  emotion("sadness", { "sad": 2.2, "saddest": 2.4, "cried": 1.8, "heartbroken": 2.4, "devastated": 2.2, "tears": 1.6 }),
  emotion("fear", { "afraid": 2.4, "scared": 2.4, "terrified": 2.6, "fear": 2.4, "frightened": 2.4 }),
  emotion("anger", { "angry": 2.4, "furious": 2.6, "rage": 2.6, "mad at": 2 }),
  emotion("wonder", { "awe": 2.6, "wonder": 2.2, "amazed": 2.2, "magical": 2 }),
  emotion("peace", { "peace": 2, "peaceful": 2.4, "calm": 2 }),
  emotion("tenderness", { "tender": 2.2, "gentle": 1.8, "cuddl": 2, "held me": 1.6 }),
  emotion("pride", { "proud": 2.6, "proudest": 2.8, "pride": 2.4 }),
  emotion("anxiety", { "anxious": 2.6, "anxiety": 2.2, "nervous": 2.4, "panic": 2.4, "worried": 2 }),
  emotion("gratitude", { "grateful": 2.6, "thankful": 2.6, "gratitude": 2.6 }),
  emotion("longing", { "homesick": 2.4, "long for": 2.4, "yearn": 2.6, "miss": 1.4, "nostalgic": 2 }),
  emotion("hope", { "hope": 2.2, "hopeful": 2.4 }),
  emotion("shame", { "ashamed": 2.6, "shame": 2.6, "embarrassed": 2.2, "humiliat": 2.4 }),
  emotion("disappointment", { "disappointed": 2.6, "let me down": 2.2 }),
  emotion("relief", { "relief": 2.4, "relieved": 2.6, "weight lifted": 2.2 }),
  emotion("frustration", { "frustrat": 2.6, "fed up": 2.4 }),
  relation("parent_child", { "mother": 2, "father": 2, "parents": 2, "son": 2, "daughter": 2, "my kid": 2, "my child": 2 }),
  relation("grandparent_grandchild", { "grandmother": 2.6, "grandfather": 2.6, "grandparents": 2.6, "grandson": 2.6, "granddaughter": 2.6 }),
  relation("romantic_partnership", { "wife": 2.4, "husband": 2.4, "boyfriend": 2.4, "girlfriend": 2.4, "partner": 1.8, "fell in love": 2, "ex": 1.8, "fiance": 2.4 }),
  relation("sibling_bond", { "sister": 2.4, "brother": 2.4, "siblings": 2.4, "twin": 2 }),
  relation("friendship", { "friend": 2.2, "best friend": 2.6, "friends": 2.2 }),
  relation("colleague", { "coworker": 2.4, "colleague": 2.4, "boss": 1.8 }),
  relation("mentorship", { "teacher": 2.2, "coach": 2.2, "mentor": 2.6 }),
  relation("self_reflection", { "myself": 1.6, "who i am": 1.6 }),
  temporal("childhood", { "kid": 1.8, "child": 1.6, "childhood": 2.6, "little": 1.2, "growing up": 2.2, "when i was young": 2.6, "as a kid": 2.6, "primary school": 2.4 }),
  temporal("early_adulthood", { "college": 2.2, "university": 2.2, "uni": 2, "twenties": 2.4, "first job": 2, "teenager": 1.6, "high school": 1.4 }),
  temporal("recent", { "recently": 2.4, "last week": 2.2, "last month": 2.2, "this year": 2, "lately": 2.2 }),
  { target: { kind: "intensity" }, entries: {
    "happiest": 2, "saddest": 2, "worst": 2, "best": 1.2, "never forget": 2.4, "most": 1.4, "everything changed": 2.2, "changed my life": 2.2, "hardest": 2, "proudest": 2,
    "biggest": 1.4, "scariest": 2, "deepest": 1.6, "really": 0.6, "so much": 0.8, "ever": 0.8, "most afraid": 2.2, "life changing": 2.2, "broke me": 2, "devastated": 1.6, "the moment": 0.8, "turning point": 1.6 } },
];
