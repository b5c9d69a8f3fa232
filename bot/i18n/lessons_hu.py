"""A leckék szavai magyarul."""

LESSONS: dict[str, str] = {
    "menu.learn": "egy játék első leckéje három percben",
    "help.learn": (
        "learn <játék> — első lecke, nagyjából három perc, lépésről lépésre (négyszemközt: csoportból a privát "
        "beszélgetésünkbe kerül). learn hint · learn restart <játék> · learn (a leckéid és csillagaid)."
    ),
    "learn.title": "Lecke – {game} · {n}/{total}",
    "learn.list": "Leckék, egyenként nagyjából három perc ('learn <játék>'):",
    "learn.list_new": "{game}: még nem kezdted",
    "learn.list_going": "{game}: {n}/{total}. lépés",
    "learn.list_done": "{game}: kész {stars}",
    "learn.usage": "A learn <játék> elindít egy leckét: learn kamisado, learn ashtarashki vagy learn krepost.",
    "learn.none_open": "Nincs nyitott lecke. Indíts egyet: 'learn kamisado', 'learn ashtarashki' vagy 'learn krepost'.",
    "learn.too_late": "Ez a gomb a lecke egy korábbi állásához tartozik.",
    "learn.pointer": "{user}: a lecke a privát beszélgetésünkben van.",
    "learn.no_private": (
        "{user}: még nem tudok neked privátban írni. Nyiss velem privát beszélgetést, és küldd el ott: "
        "'learn {command}'."
    ),
    "learn.offer": "Új neked a(z) {game}? Előbb egy háromperces lecke: 'learn {command}'.",
    "learn.not_a_move": (
        "A(z) „{text}” nem lépés a leckében. Lépd meg a lépés feladatát, vagy írd: „learn hint”, vagy „learn stop”, "
        "hogy kilépj a leckéből."
    ),
    "learn.left": "Kiléptél a(z) {game} leckéből: amit írsz, újra a játszmáidba megy. A „learn {command}” folytatja.",
    "learn.while_games": "Amíg a lecke nyitva van, amit itt írsz, oda megy: „#N <lépés>” az N. játszmában lép, "
                         "a „learn stop” kilép.",
    "learn.go_on": "Te lépsz: fejezd be a feladatot.",
    "learn.hint_button": "Tipp",
    "learn.illegal": "{why}",
    "learn.hint": "Tipp: {hint}",
    "learn.answer": "A megoldás: {move}. Lépd meg, és mehetünk tovább.",
    "learn.again": "Próbáld újra.",
    "learn.replied": "Sötét válasza: {move}.",
    "learn.step_done": "{stars} Kész.",
    "learn.finished": "Kész a lecke – {game}: {stars} ({got}/{most} csillag).",
    "learn.play_bot": "Játék a kezdő bottal",
    "learn.first_puzzle": "Az első feladvány",
    "learn.restart": "A lecke újra",
    "learn.why.no_win": "{turns:Ez nem nyer.|Ez nem nyer két lépésben, bármit felel is Sötét.}",
    "learn.why.names_winner": (
        "A(z) {colour} mezőre lépsz, így Sötét a(z) {colour} tornyával lép, és az eléri az alapsorodat: {move}."
    ),
    "learn.why.names_free": (
        "A(z) {colour} mezőre lépsz, így Sötét a(z) {colour} tornyával lép, az pedig szabad: mehet ide: {targets}."
    ),
    "learn.why.blocked_not_enough": "Sötét {colour} tornya beszorult és passzol, de a feladat mást kér.",
    "learn.why.deadlock": (
        "Ezzel beszorítod Sötétet, de utána a te tornyod is beszorul: patthelyzet. Az utolsó valódi lépést te tetted, "
        "így elveszíted a kört."
    ),
    "learn.why.no_push": "Ez nem tolás: a szumó egyenesen előre tol, egy mezőt.",
    "learn.why.chain": "Ez a lánc {taken} követ üt, egy másik {best} követ.",
    "learn.why.not_step": "Ez hátrafelé megy; lépj előre.",
    "learn.why.not_place": "Ez egy követ mozgat; tegyél le egyet a kezedből.",
    "learn.why.not_jump": "Ez nem ugrás: ugord át a saját kövedet a mögötte lévő üres mezőre.",
    "learn.why.not_there": "Ez a lépés nem a(z) {square} mezőn ér véget.",
    "learn.why.no_prisoner": "Ez semmit nem kerít be: nincs fogoly.",
    "learn.why.captured": "Akkor Sötét üt: {move}.",
    "learn.why.not_clean": "Ez nyer, de nem tisztán: marad egy sötét kő.",
    "learn.why.answer": "Sötét még válaszolhat: {move}.",
    "learn.why.goal": "A feladat nem ezt kéri.",
    "learn.web.title": "{game} tanulása",
    "learn.web.lessons": "Első leckék",
    "learn.web.next": (
        "Tovább egy beszélgetésben a bottal: 'play {command} bot level=beginner' az első játszmához, 'puzzle "
        "{command} easy' az első feladványhoz."
    ),
    "learn.web.signed_out": "Nem vagy bejelentkezve: a csillagaidat csak ez az oldal őrzi.",
    "learn.kamisado.goal.task": (
        "Fehérrel játszol, alulról. Az a torony, amely eléri Fekete alapsorát, a felső sort, megnyeri a "
        "fordulót. Vidd oda a piros tornyodat."
    ),
    "learn.kamisado.goal.hint": "A tornyok egyenesen vagy átlósan előre lépnek, amíg szabad az út. A c5-ről nézz felfelé.",
    "learn.kamisado.goal.done": "Tiéd a forduló.",
    "learn.kamisado.moving.task": (
        "A tornyok csak előre lépnek, egyenesen vagy átlósan, és soha nem ugranak át másik tornyot. Vidd a "
        "zöld tornyodat a felső sorba."
    ),
    "learn.kamisado.moving.hint": "Egyenesen előtte foglalt a d6, balra a b7; a jobb átló szabad a g8-ig.",
    "learn.kamisado.moving.done": "Így van: szabad volt az út a g8-ra.",
    "learn.kamisado.colour.task": (
        "A szín szabálya: a mező, ahová lépsz, megnevezi a tornyot, amellyel az ellenfél következik. Lépj a "
        "sárga tornyoddal úgy, hogy Fekete ilyen színű tornya ne érje el az 1. sort."
    ),
    "learn.kamisado.colour.hint": (
        "Minden elérhető mezőnél nézd meg Fekete ugyanolyan színű tornyát: lefut-e az 1. sorig? A saját "
        "tornyod az útjába állhat."
    ),
    "learn.kamisado.colour.done": "Biztonságos: a g2 is narancssárga, de a g2-n álló tornyod a narancssárga torony útjában áll.",
    "learn.kamisado.block.task": (
        "Blokkolás: lépj egy olyan fekete torony színére, amely előtt ezután nem marad szabad mező. Fekete "
        "passzol, és újra te lépsz."
    ),
    "learn.kamisado.block.hint": (
        "Fekete e7-en álló lila tornya előtt egy szabad mező van, az e6, és az e6 lila. Lépj oda te magad."
    ),
    "learn.kamisado.block.done": (
        "Blokkolva: Fekete passzol. A passz a blokkolt torony mezőjének színét nevezi meg, a kék e7-et, így a "
        "kék tornyoddal lépsz."
    ),
    "learn.kamisado.deadlock.task": (
        "Ha felváltva mindkét fél blokkolva van, az holtpont: a fordulót az veszti el, aki az utolsó valódi "
        "lépést tette. Lépj a kék tornyoddal biztonságosan: se holtpont, se szabad út Feketének."
    ),
    "learn.kamisado.deadlock.hint": (
        "Az a6 blokkolja Feketét, de utána a te tornyod is blokkolva van. Lépj oda, ahol Fekete tornya "
        "léphet, de nem nyerhet."
    ),
    "learn.kamisado.deadlock.done": "Így van: az a blokk, amely téged is blokkol, veszít.",
    "learn.kamisado.two.task": (
        "Győzelem két lépésben: lépj úgy, hogy bármit válaszol Fekete, a következő lépésed elérje a felső "
        "sort."
    ),
    "learn.kamisado.two.hint": (
        "Gondold végig, melyik tornyot nevezi meg Fekete válasza: melyik tornyodnak lesz akkor szabad útja "
        "felfelé?"
    ),
    "learn.kamisado.two.done": "Győzelem két lépésben.",
    "learn.kamisado.sumo.task": (
        "A fordulót megnyerő torony sárkányfogat kap: szumó lesz. Legfeljebb 5 mezőt léphet, de egy "
        "ellenséges tornyot egyenesen egy mezővel hátratolhat egy szabad mezőre; Fekete ekkor kimarad egy "
        "lépésből. Told hátra Fekete zöld tornyát a sárga szumóddal."
    ),
    "learn.kamisado.sumo.hint": "Tolj egyenesen előre: a szumód a d5-re megy, a zöld torony vissza a d6-ra.",
    "learn.kamisado.sumo.done": (
        "Tolás. A következő tornyot a hátratolt torony mezője nevezi meg, nem a szumódé (narancssárga): a d6 "
        "piros, így Fekete kimaradt lépése után a pirossal lépsz. Ez az egész játék."
    ),
    "learn.ashtarashki.step.task": (
        "Világossal játszol, felfelé. Minden kövön szám áll: 1, 2 vagy 3. A kő egy mezőt lép átlósan előre, szabad "
        "sötét mezőre. Lépj egy kővel előre."
    ),
    "learn.ashtarashki.step.hint": "A köveid a c3-on és az e3-on állnak: lépj az egyikkel a b4, d4 vagy f4 mezőre.",
    "learn.ashtarashki.step.done": "Egy lépés. Négy kő a célsorodon (a 8. soron) megnyeri a játszmát.",
    "learn.ashtarashki.retreat.task": (
        "A kő egy mezőt átlósan hátra is léphet, de ennek ára van: a teljes kőből (M) visszavonult kő lesz (V), és "
        "többé nem üthet; a második visszavonulástól W lesz, a harmadiktól lekerül a tábláról (felszámolás). Sötét "
        "hármasai fenyegetik a kettesedet a d4-en: mentsd meg."
    ),
    "learn.ashtarashki.retreat.hint": (
        "A kettesed nem tud előre lépni, a másik kővel lépve pedig üthető marad: vonulj vissza vele."
    ),
    "learn.ashtarashki.retreat.done": "Megmentetted, de ára volt: most V2, és többé nem üthet.",
    "learn.ashtarashki.numbers.task": (
        "A teljes kő leüti az átlósan mellette álló ellenséges követ, bármely irányban, úgy, hogy a mezejére lép. A "
        "számok körbe ütnek: 1 üti a 3-at, 3 a 2-t, 2 az 1-et. Ütni kötelező. Üss úgy, hogy Sötét ne üthesse vissza a "
        "kövedet."
    ),
    "learn.ashtarashki.numbers.hint": (
        "A hármasod leütheti az f4-en álló kettest, de akkor Sötét e5-ön álló egyese üti a hármasodat. Az "
        "egyesed leütheti a d4-en álló hármast."
    ),
    "learn.ashtarashki.numbers.done": "Így van: 1 üti a 3-at, és a d4-en álló egyesedet egyik sötét kő sem ütheti.",
    "learn.ashtarashki.chain.task": (
        "Ütés után ugyanaz a kő köteles tovább ütni, amíg tud, így egy lépés több követ is üthet; a láncot te "
        "választod. Üss minél többet."
    ),
    "learn.ashtarashki.chain.hint": "A d4-ről nézve a c5, b6 és a5 kettesei egymás után állnak.",
    "learn.ashtarashki.chain.done": "Három kő egy lépésben.",
    "learn.ashtarashki.finish.task": (
        "A célsorodra (a 8. sorra) ért kő célba ért: többé nem lép, és nem üthető. Négy ilyen kő nyer. Fejezd be a "
        "játszmát."
    ),
    "learn.ashtarashki.finish.hint": "A g7-en álló kettesed előtt egy szabad mező van a 8. soron.",
    "learn.ashtarashki.finish.done": (
        "Négy kő célban: nyertél. Ha valakinek négynél kevesebb köve van, az nyer, akinek több köve van; aki nem tud "
        "lépni, veszít."
    ),
    "learn.ashtarashki.blocking.task": (
        "Aki nem tud lépni, veszít. Sötét egyetlen aktív köve, a h8-on álló hármas, beszorult a g7-en álló "
        "hármasod mögé (egyenlő számok nem ütik egymást). Tartsd beszorítva, és nyerj."
    ),
    "learn.ashtarashki.blocking.hint": "A g7-en álló hármasod maradjon a helyén; a másik kővel lépj.",
    "learn.ashtarashki.blocking.done": (
        "Sötét nem tud lépni: beszorítással nyertél. Ez a játék szerzőjének saját példája."
    ),
    "learn.ashtarashki.clean.task": (
        "Az ellenfél minden kövének leütése tiszta győzelem, egy helyett két pontot ér. Sötétnek négy kettese maradt: "
        "nyerj tisztán."
    ),
    "learn.ashtarashki.clean.hint": "A hármasod kettest üt. Egy lánc mind a négyen átmegy: az e5-tel kezdd.",
    "learn.ashtarashki.clean.done": "Tiszta győzelem: két pont. Ez az egész játék.",
    "learn.krepost.place.task": (
        "Világossal játszol. Egy lépés ezek egyike: kő letétele a kezedből, lépés egy kővel vagy ugrás. A saját "
        "térfeleden teszel le, az 1–4. sorban (két sorra a középvonaltól). Tegyél le egy követ."
    ),
    "learn.krepost.place.hint": "Bármely üres mező az 1–4. sorban; beírva például: e2.",
    "learn.krepost.place.done": "Letetted: a kézben lévő kövek így kerülnek a táblára, lépésenként egy.",
    "learn.krepost.jump.task": (
        "A kő egy mezőt lép fel, le, balra vagy jobbra, vagy átugorja egy saját kövedet a mögötte lévő üres mezőre, és "
        "ugyanabban a lépésben tovább ugorhat. Vidd a c4-en álló követ egy lépésben a g4-re."
    ),
    "learn.krepost.jump.hint": "A d4 fölött az e4-re, aztán az f4 fölött a g4-re: c4-e4-g4.",
    "learn.krepost.jump.done": "Két ugrás egy lépésben.",
    "learn.krepost.prisoner.task": (
        "Az oldalukkal összeérő kövek egy csapatot alkotnak. Egy csapat be van kerítve, ha egyik szomszédos üres "
        "mezőjéről sincs szabad út a tábla széléig. A lépésed után egy bekerített ellenséges csapat egy kövét foglyul "
        "ejted. Kerítsd be az f7-en álló sötét követ, és ejtsd foglyul."
    ),
    "learn.krepost.prisoner.hint": "Az f7 egyetlen szabad szomszédja az f6: foglald el.",
    "learn.krepost.prisoner.done": "Egy fogoly. Ez volt a csapata utolsó köve, ezért még egy lépést kapsz.",
    "learn.krepost.extra.task": (
        "Használd ki a pótlépést: ejtsd foglyul mindkét magányos sötét követ, a c7-et és a j7-et, egymás "
        "után."
    ),
    "learn.krepost.extra.hint": "A c7-nek egy szabad szomszédja van, a c6; a j7-nek a j6.",
    "learn.krepost.extra.done": "Két fogoly egymás után: egy csapat utolsó köve még egy lépést ad.",
    "learn.krepost.fortress.task": (
        "Mindkét játékosnak van egy erődje a jobb sarkában, falakkal és egyetlen kapuval (Sötété a b11, a b10 felé "
        "nyílik). Lépj be egy kővel az ellenfél erődjébe, amíg nincs benne ellenséges kő, és nyertél."
    ),
    "learn.krepost.fortress.hint": "A b10-en álló köved épp a kapu előtt áll.",
    "learn.krepost.fortress.done": "Nyertél: az üres erőd a tiéd.",
    "learn.krepost.garrison.task": (
        "Az erődben álló kövek alkotják a helyőrséget. A helyőrség be van kerítve, amint a kapuja előtti mezőt "
        "elfoglalják, és az utolsó kövének foglyul ejtése nyer. Sötét helyőrsége egyetlen kő a b12-n: ejtsd foglyul."
    ),
    "learn.krepost.garrison.hint": "Állj a b10-re, Sötét b11-es kapuja elé.",
    "learn.krepost.garrison.done": (
        "A helyőrség elesett: nyertél. Ha pedig mindkét játékos 100 lépése fogoly nélkül telik el, számolás jön: a "
        "foglyok és az ellenfél soha le nem tett kövei. Ez az egész játék."
    ),
}
