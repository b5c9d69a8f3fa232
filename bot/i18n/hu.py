"""Magyar üzenetek."""

MESSAGES: dict[str, str] = {
    "help": (
        "Parancsok (/ jellel vagy anélkül):\n"
        "play <játék> [@játékos | bot] [beállítások] — kihívás egy játékosnak, bárkinek (név nélkül) vagy a botnak\n"
        "accept · decline · cancel — kihívás elfogadása, elutasítása vagy visszavonása\n"
        "move <lépés> (vagy csak a lépés) — lépés; a #<szám> egy lépés vagy parancs "
        "előtt vagy után kiválasztja a játszmát (#2 e4, #2 resign)\n"
        "board · games · moves · resign · takeback · draw · abort · rematch · export · replay · review — az "
        "aktuális játszma\n"
        "puzzle [játék] [easy|normal|hard] · puzzle hint · puzzle solution · top puzzles — közös feladványok\n"
        "learn <játék> — háromperces első lecke, négyszemközt\n"
        "tournament new <játék> [swiss rounds=5 | roundrobin] · tournament join · tournament start · tournament — "
        "versenyek\n"
        "rules <játék> · stats [játék] · top [játék] · settings · lang <kód> · help <parancs> · vacation · link · admin\n"
        "Játékok: {game_list}. Beállítások: {option_list}, "
        "time=none|12h|2d, level={level_list}, white|black|random."
    ),
    "help.play": (
        "play <játék> [@játékos | bot] [beállítások] — pl. 'play kamisado bot level=hard', 'play krepost @anna 3x3 time=1d'."
    ),
    "help.move": "move <lépés> — pl. 'move lila balra 5' (Kamisado), 'move c3-d4' (Ashtarashki), 'move e4-e5 xf7' (Krepost).",
    "help.draw": (
        "draw — csak az erődben: ajánlat a játék megállítására és a számolásra (foglyok és az ellenfél kézben "
        "maradt kövei). Az "
        "ellenfél a 'draw' paranccsal vagy az Igen gombbal fogadja el; a bot csak akkor, ha a számolás neki kedvez."
    ),
    "help.board": (
        "A tábla képei: az utolsó lépés mezői körül vannak rajzolva, az előtte lévő lépés nyílként látszik. "
        "Kamisado: minden torony színe, utána a fogai (szumó); 'settings colorblind on' mellett minden "
        "színnek saját jele van. Ashtarashki: minden kövön a száma. Krepost: a várak falai és kapui; a piros "
        "gyűrű bekerített csapat kövét jelöli, amelyet az ellenfél foglyul ejthet; a számlálóablak mutatja, "
        "hány lépés van hátra a számolásig."
    ),
    "help.settings": (
        "settings — a beállítások. A sajátjaid: 'settings lang hu', 'settings colorblind on', 'settings flip on', "
        "'settings reminders off', 'settings warnings on|off'. Ez a csevegés: 'settings chat lang hu', 'settings "
        "chat time 1d', "
        "'settings chat board new|edit', 'settings chat thread on', 'settings chat pages on|off'"
        ", 'settings chat zone +01:00' (vagy Europe/Budapest), 'settings chat puzzle daily 09:00 [játék]' (vagy off)."
        " A 'settings sessions' megmutatja, hol vagy bejelentkezve a játszmák oldalain "
        "('settings sessions end': kijelentkezés mindenhonnan)."
        " 'settings board text': a játszmáid táblái szavakkal a kép helyett ('both': mindkettő; 'picture': csak a kép)."
        " 'help notices': csendes órák, napi összesítő, hová mennek az értesítések."
    ),
    "help.unknown": "Nincs '{command}' parancs. A listához írd: 'help'.",
    "help.unknown_near": "Nincs '{command}' parancs. Erre gondoltál: '{near}'? A listához írd: 'help'.",
    "help.command": "{command} — {description}. A 'help' minden parancsot felsorol.",
    "lang.set": "Nyelv: magyar.",
    "lang.unknown": "Ezeken a nyelveken beszélek: {languages}. Például: 'lang hu'.",
    "settings.show": (
        "Beállításaid: nyelv: {user_language} · színtévesztő tábla: {colorblind} · táblák: {board} · saját oldal alul: {flip} · "
        "figyelmeztetés vesztő lépés előtt: {warnings}.\n"
        "Ez a csevegés: nyelv: {chat_language} · idő lépésenként: {chat_time} · táblák: {chat_board} · "
        "külön szál játszmánként: {chat_thread}"
        "· a csevegés időzónája (a napi feladványhoz): {chat_zone} · napi feladvány: {chat_puzzle}."
    ),
    "settings.lang_own": "a te választásod: 'lang'",
    "settings.lang_chat": "a csevegésé",
    "settings.lang_app": "az alkalmazásodé",
    "settings.lang_default": "a bot alapértelmezése",
    "settings.lang_unset": "nincs beállítva (mindenkinek a sajátja)",
    "settings.warnings_auto": "csak a bot ellen és pontozatlan játszmákban",
    "settings.saved": "Mentve: {name}: {value}.",
    "settings.sessions": (
        "{count} böngészőben vagy bejelentkezve a játszmák oldalain:\n{list}\nA 'settings "
        "sessions end' mindegyikből kijelentkeztet."
    ),
    "settings.sessions_none": "Egyetlen böngészőben sem vagy bejelentkezve a játszmák oldalain.",
    "settings.sessions_line": "{since} óta ({until}-ig)",
    "settings.sessions_ended": "Kijelentkeztél a játszmák oldalairól {count} böngészőben.",
    "setting.lang": "nyelv",
    "setting.colorblind": "színtévesztő tábla",
    "setting.flip": "saját oldal alul",
    "setting.reminders": "emlékeztetők",
    "setting.warnings": "figyelmeztetés vesztő lépés előtt",
    "setting.time": "időkorlát",
    "setting.board": "táblák",
    "setting.thread": "külön szál játszmánként",
    "setting.zone": "időzóna",
    "setting.puzzle": "napi feladvány",
    "settings.admins_only": "A csevegés beállításait csak az adminisztrátorai módosíthatják.",
    "on": "be",
    "unrated": "barátságos",
    "off": "ki",
    "too_long": "Túl hosszú üzenet ({length} karakter; legfeljebb {limit}).",
    "rate_limited": "Kicsit lassabban, kérlek: próbáld újra {seconds} mp múlva.",
    "discord.unread": (
        'Egy ideig nem voltam itt, és ennek a csatornának az előzményeit nem olvashatom, így ami közben ide '
        'íródott, nem jutott el hozzám: ha akkor léptél, kérlek, írd be újra.'
    ),
    "discord.option.game_kind": 'a játék',
    "discord.option.game": 'melyik játszma, ha több is folyik',
    "discord.option.opponent": 'kit hívsz ki (üresen: bárkit itt)',
    "discord.option.bot": 'játék a bot ellen',
    "discord.option.level": 'a bot erőssége',
    "discord.option.options": "pl. 'standard', '3x3 half', 'time=1d', 'white'",
    "discord.option.move": "a lépés, pl. 'purple l5', 'c3-d4', 'e4-e5 xf7'",
    "discord.option.code": 'üresen kódot kapsz, vagy írd be a kapott kódot',
    "discord.option.length": "'5d'; 'end' befejezi; üresen: a hátralévő napok",
    "discord.option.action": "pl. 'abort #12', 'deadline #12 2d', 'evidence #12'",
    "discord.option.language": 'a nyelved',
    "discord.option.change": "pl. 'colorblind on', 'chat time 1d'; üresen: ami be van állítva",
    "discord.option.what": "mit kérsz, pl. 'hint', 'new', 'join'; üresen: ami van",
    "anonymous.refused": (
        "A csoport nevében írsz (névtelen adminként), így nem tudom, ki vagy: a játékhoz, a válaszokhoz és a saját "
        "beállításaidhoz te kellesz. A játékhoz kapcsold ki a „Névtelen maradás” jogot; a csoport nevében továbbra is "
        "olvashatod a súgót és a szabályokat, és módosíthatod a csevegés beállításait (settings chat …)."
    ),
    "internal_error": "Valami elromlott nálam; semmi sem változott. Kérlek, próbáld újra.",
    "database_unavailable": "Az adatbázis most nem érhető el; semmi sem változott. Kérlek, próbáld újra egy kicsit később.",
    "unknown_game": "Nincs '{name}' nevű játék. A játékok: {game_list}.",
    "games.list": "A játékok: {game_list}. A 'rules kamisado' elmagyarázza, a 'play kamisado bot' elindítja.",
    "bad_option": "Nem értem a(z) '{option}' beállítást. {usage}",
    "bad_option.contradiction": "'{first}' és '{second}' ellentmond egymásnak: válassz egyet. {usage}",
    "challenge.open": "{challenger} {game} játszmát ajánl ({options}). Bárki elfogadhatja: 'accept'.",
    "challenge.open_buttons": (
        "{challenger} {game} játszmát ajánl ({options}). Itt bárki elfogadhatja a gombbal; a játszmát is "
        "gombokkal játsszák."
    ),
    "challenge.to_user": "{target}, {challenger} kihív egy {game} játszmára ({options}): 'accept' vagy 'decline'.",
    "user.link_first": "Másik platformon van az ellenfél? Előbb kösd össze a fiókjaidat ('link'), aztán hívd ki a nevével.",
    "challenge.from_elsewhere": (
        "{challenger} ({platform}) kihív egy {game} játszmára ({options}), #{id}. kihívás. Fogadd el itt, és a "
        "játszma ebben a csevegésben folyik."
    ),
    "challenge.sent_elsewhere": (
        "A #{id}. kihívást elküldtem neki: {target} ({platform}), a bottal folytatott privát csevegésébe: {game} "
        "({options}). Ha elfogadja, a táblák ide is, oda is megérkeznek. Ha nem jut el hozzá (még nem írt ott a "
        "botnak), írja meg a botnak a {platform} felületén: 'accept {id}'."
    ),
    "challenge.unreachable": (
        "{target} nem érhető el itt: {platform} (még nem írt ott a botnak, vagy nem fogad privát üzenetet): a "
        "#{id}. kihívás vár. Írja meg a botnak a {platform} felületén: 'accept {id}'."
    ),
    "challenge.declined": "{user} elutasította a kihívást.",
    "challenge.cancelled": "Kihívás visszavonva.",
    "challenge.none": "Itt nincs nyitott kihívás számodra.",
    "challenge.taken": "Késő: ezt a kihívást már elfogadták. A(z) #{id} játszma: {white} – {black}.",
    "challenge.lost": (
        "Ez a kihívás sosem jutott el hozzám (a Telegram nem szólt, hogy elküldték), így nem fogadható el. Kérj újat: "
        "írd be a nevemet bármelyik csevegésben."
    ),
    "challenge.own": "A saját kihívásodat nem fogadhatod el; a 'cancel' visszavonja.",
    "challenge.not_yours": "Erre a kihívásra csak {user} válaszolhat.",
    "challenge.open_decline": (
        "Nyílt kihívást nem kell elutasítani: bárki elfogadhatja, visszavonni ('cancel') csak {user} tudja."
    ),
    "challenge.gone": "Ez a kihívás már nem nyitott.",
    "challenge.expired": "{challenger} kihívása ({game}) lejárt: senki sem válaszolt rá.",
    "challenge.replaced": "(A legrégebbi nyitott kihívásodat itt visszavontam: egyszerre legfeljebb {count} várhat.)",
    "user.unknown": "Még nem ismerem őt: '{name}'. Előbb írjon ide valamit.",
    "challenge.self": (
        "Önmagadat nem hívhatod ki: nevezz meg mást, hívj ki bárkit ('play {game}'), vagy a botot ('play {game} bot')."
    ),
    "button.accept": "Elfogadom",
    "button.decline": "Elutasítom",
    "button.yes": "Igen",
    "button.no": "Nem",
    "game.started": "{id}. játszma: {game}, {white} (világos) – {black} (sötét). {options}",
    "game.caption": "#{id} {game} · {white} (világos) – {black} (sötét)",
    "game.played": "{player} lépése: {move}.",
    "game.to_move": "{player} következik.",
    "game.to_move_clock": "{player} következik, még {left}.",
    "game.ratings": "Értékszámok: {changes}.",
    "game.rating_change": "{player} {before} → {after} ({change})",
    "button.rematch": "Visszavágó",
    "button.review": "Elemzés",
    "game.over": "Vége a játszmának. {result}",
    "game.won": "{player} nyert ({reason}).",
    "game.draw": "Döntetlen ({reason}).",
    "ending.count": "A számolás: világos {white}, sötét {black} (foglyok és az ellenfél kézben maradt kövei).",
    "ending.half_stone": "A fél kő {player} kezében van: döntetlennél ő nyer.",
    "ending.points": (
        "Pontok: világos {white}, sötét {black} (tiszta győzelemért 2). Golyók: világos {white_balls}, sötét {black_balls}."
    ),
    "ending.score": "Végeredmény: sötét {black}, világos {white} (a mérkőzés {target} pontig tartott).",
    "game.frozen": "A(z) {id}. játszma zárolva: a mentett lépések nem adják ki a mentett állást. Egy adminisztrátor megnézi.",
    "game.none": "Itt nincs játszmád. Indíts egyet: 'play <játék>'.",
    "game.not_found": "Nincs {id}. játszma.",
    "game.not_here": "Itt nincs #{id} játszma.",
    "game.not_yours": "Ez nem a te játszmád.",
    "game.not_yours_named": "Ez nem a te játszmád (#{id}: {white} – {black}).",
    "game.not_your_turn": "Nem te következel: {player} lép.",
    "game.changed": "Az állás megváltozott, mielőtt a lépésed megérkezett; nézd meg újra a táblát.",
    "game.busy": "Épp egy másik lépés készül ebben a játszmában (#{id}); próbáld újra egy kicsit később.",
    "game.finished": "A(z) {id}. játszma már véget ért.",
    "games.none": "Nincs folyamatban lévő játszmád.",
    "games.line": "#{id} {game} {opponent} ellen: {turn}{clock}",
    "games.your_turn": "te lépsz",
    "games.their_turn": "az ellenfél lép",
    "games.clock": " (még {left})",
    "resign.done": "{player} feladta.",
    "resign.confirm": "{player}, feladod a #{id} játszmát {opponent} ellen? Ez nem vonható vissza.",
    "button.resign": "Igen, feladom",
    "button.keep": "Nem, játszom tovább",
    "button.play_anyway": "Mégis lépem",
    "confirm.kept": "A #{id} játszma folytatódik.",
    "abort.done": "A #{id} játszmát {player} lefújta, mielőtt igazán elkezdődött. Senki értékszámába nem számít.",
    "abort.late": "A #{id} játszma már nem fújható le: léptél benne. A 'resign' befejezi.",
    "moves.list": "A #{id} játszma lépései: {moves}",
    "moves.none": "A #{id} játszmában még nincs lépés.",
    "rematch.none": "Itt nincs befejezett játszmád, amit újrajátszhatnál.",
    "move.loses": "Vigyázat: {move} után {opponent} azonnal nyer ezzel: {reply}. Mégis lépsz?",
    "move.loses_now": "Vigyázat: {move} a károdra fejezi be a játszmát: {result} Mégis lépsz?",
    "takeback.asked": "{player} vissza szeretné venni az utolsó lépését. {opponent}, beleegyezel? ('takeback' = igen)",
    "takeback.done": "Visszavett lépések száma: {count} (a tiéd és a rá adott válaszok).",
    "takeback.rated": (
        "A bot ellen csak barátságos játszmában lehet lépést visszavenni: 'play {game} bot unrated'. Ez a játszma számít."
    ),
    "takeback.refused": "{player} nem egyezett bele a visszavételbe.",
    "takeback.nothing": "Nincs visszavehető lépésed.",
    "count.confirm_lose": "Ha most számolunk, a #{id} játszmát {mine}:{theirs} arányban elveszted. Mégis leállítod és számolsz?",
    "count.confirm_win": "Ha most számolunk, a #{id} játszmát {mine}:{theirs} arányban megnyered. Leállítod és számolsz?",
    "count.confirm_draw": "Ha most számolunk, a #{id} játszma {mine}:{theirs} döntetlennel ér véget. Leállítod és számolsz?",
    "count.rated": "A játszma értékelt.",
    "button.count": "Igen, számoljunk",
    "draw.refused": "{player} játszik tovább: nincs számolás.",
    "offer.own": "Ez a te ajánlatod: az ellenfeled válaszol rá.",
    "offer.gone": "Erre az ajánlatra már válaszoltak.",
    "question.answered": "Erre a kérdésre már válaszoltak.",
    "draw.not_here": "A(z) {game} játékban nincs döntetlen.",
    "draw.asked": "{player} a játék leállítását és a számolást javasolja. {opponent}, beleegyezel? ('draw' = igen)",
    "draw.bot_declines": "{bot} játszik tovább: ha most számolnánk, nem nyerne.",
    "export.done": "A(z) {id}. játszma lejegyzése:",
    "kamisado.refill": "{player} nyerte a fordulót. {player}, balról vagy jobbról töltsük fel a hazai sorokat?",
    "kamisado.round": "A(z) {round}. fordulót {winner} nyerte ({reason}). Állás: sötét {black} – világos {white}.",
    "kamisado.tooth": "{player} {colour} tornya sárkányfogat kap: most {teeth} foga van, {points} pontot ér.",
    "kamisado.tower": "{player} a(z) {colour} tornyával lép (a(z) {square} mezőn).",
    "kamisado.free": "{player} bármelyik tornyával léphet.",
    "kamisado.match": "{round}. forduló · állás: sötét {black}, világos {white} · a mérkőzés {target} pontig tart.",
    "kamisado.pass": "{player} {colour} tornya be van zárva: {player} kimarad.",
    "kamisado.push": (
        "{player} {colour} szumója egy mezővel hátratolta: {towers}. {opponent} kimarad: {player} újra lép, a(z) "
        "{next} tornyával (annak a mezőnek a színe, ahová a legtávolabbi eltolt torony került)."
    ),
    "kamisado.refilled": "{player} az alapsorok feltöltését választotta: {side}.",
    "kamisado.refill_preview": "{choice} — {player} sora a-tól h-ig: {row}",
    "legend.kamisado": "● sötét  ○ világos  a fogak a szín után;  {codes}",
    "legend.ashtarashki": (
        "w/b: világos/sötét kő és a száma; nagybetű: egyszer hátrált (V); '-': a szám letakarva (W); *: célba ért"
    ),
    "legend.krepost": (
        "○ világos: kézben {white_hand}, fogoly {white_prisoners} · ● sötét: kézben "
        "{black_hand}, fogoly {black_prisoners} · fogoly nélkül {quiet}/{count}"
        " · piros gyűrű a képen: bekerített csapat köve (foglyul ejthető)"
    ),
    "refill.left": "balról",
    "refill.right": "jobbról",
    "button.left": "Balról",
    "button.right": "Jobbról",
    "krepost.extra_turn": "{player} elvette egy csapat utolsó kövét, és újra lép.",
    "move.ambiguous": "A(z) '{text}' több lépésre is illik; melyikre gondolsz?",
    "move.hint_targets": "Lehetséges mezők: {targets}.",
    "clock.reminder": "{player}, te lépsz a(z) {id}. játszmában ({game}); még {left}.",
    "clock.final": "{player}, már csak {left} van a lépésedre a(z) {id}. játszmában ({game})!",
    "clock.lost": "{player} ideje lejárt a(z) {id}. játszmában.",
    "option.shown": "{word} ({typed})",
    "option.single": "egy forduló",
    "option.series": "sorozat",
    "option.standard": "normál mérkőzés",
    "option.long": "hosszú mérkőzés",
    "option.marathon": "maraton",
    "option.half": "félkő",
    "option.3x2": "3x2",
    "option.3x3": "3x3",
    "time.none": "nincs időkorlát",
    "time.per_move": "{time} lépésenként",
    "duration.days": "{n} nap",
    "duration.hours": "{n} óra",
    "duration.minutes": "{n} perc",
    "duration.seconds": "{n} mp",
    "stats.header": "{user} értékszámai:",
    "stats.line": "{game} ({scope}): {rating} · játszmák: {games}; nyert: {wins}, vesztett: {losses}, döntetlen: {draws}",
    "stats.puzzles": "Feladványok: értékszám {rating} · megoldva {solved} / {tried} · sorozat {streak} (legjobb {best})",
    "stats.no_puzzles": "Még nem volt feladvány: a 'puzzle' indít egyet.",
    "stats.none": "Még nincs értékelt játszma.",
    "top.header": "A legjobb {game}-játékosok ({scope}):",
    "top.line": "{rank}. {user} {rating} ({games} játszma)",
    "top.none": "Még nincs értékelt {game}-játszma.",
    "scope.all": "mindenhol",
    "scope.chat": "ebben a csevegésben",
    "reason.home_row": "egy torony elérte az ellenfél hazai sorát",
    "reason.deadlock": "patthelyzet",
    "reason.points": "elérte a célpontszámot",
    "reason.resignation": "feladás",
    "reason.time": "lejárt az idő",
    "reason.no_stones": "az ellenfélnek nem maradt köve: tiszta győzelem",
    "reason.home": "a kövek beértek a célsorba",
    "reason.liquidation": "az utolsó aktív kő megszűnt",
    "reason.blocked": "az ellenfél nem tudott lépni",
    "reason.fortress": "belépés az ellenfél üres erődjébe",
    "reason.garrison": "a helyőrség utolsó kövének elfogása",
    "reason.no_move": "az ellenfél nem tudott lépni",
    "reason.count": "számolás mindkét fél 100-100 fogoly nélküli lépése után",
    "reason.agreed": "számolás megegyezéssel",
    "name.kamisado": "Kamisado",
    "name.ashtarashki": "Ashtarashki",
    "name.krepost": "Krepost (Erőd)",
    "side.white": "világos",
    "side.black": "sötét",
    "colour.brown": "barna",
    "colour.green": "zöld",
    "colour.red": "piros",
    "colour.yellow": "sárga",
    "colour.pink": "rózsaszín",
    "colour.purple": "lila",
    "colour.blue": "kék",
    "colour.orange": "narancssárga",
    "rules.kamisado": (
        "Kamisado (Peter Burley). Színes 8×8-as tábla; mindkét játékosnak 8 tornya van, minden színből egy, a hazai "
        "sorában. A mérkőzést a sötét kezdi. A forduló első lépése szabad; utána azzal a tornyoddal kell lépned, amelynek "
        "a színe annak a mezőnek a színe, amelyre az ellenfél épp lépett. A tornyok egyenesen vagy átlósan előre lépnek, "
        "bármennyit, de más toronyra nem léphetnek és át sem ugorhatják. A bezárt torony automatikusan kimarad (mezejének "
        "színe dönti el az ellenfél következő tornyát). Aki eléri az ellenfél hazai sorát, megnyeri a fordulót. Ha senki "
        "sem tud lépni, az veszít, aki utoljára valóban lépett (ezt a kimaradások közt ismétlődő játékos–szín pár jelzi).\n"
        "Mérkőzések (3, 7 vagy 15 pont): a győztes torony sárkányfogat kap, amely 1, 2, 4, 8 pontot ér; a győztes "
        "választja a balról vagy jobbról feltöltést, a vesztes kezdi a következő fordulót. A szumótornyok legfeljebb "
        "5/3/1 mezőt lépnek, és egyenesen előre 1/2/3 kevesebb fogú ellenséges tornyot tolhatnak egy mezővel hátra, de "
        "nem a forduló első lépésében; tolás után újra te lépsz. A sorozat (saját változatunk) fogak nélküli fordulók "
        "3 győzelemig, felváltva kezdve.\nLépés: 'lila balra 5', '4' (egyenesen), 'e5', 'c1-e3'. A '/1' önmagában az "
        "[/1] gomb (a '#2 /1' a #2 játszma első gombja): a lépéshez írd: 'jobbra 1' vagy '↗1'.\n"
        "A teljes szabály: docs/rules/kamisado.md"
    ),
    "rules.ashtarashki": (
        "Ashtarashki (Jurij Halafjan). A 8×8-as tábla sötét mezői; mindkét félnek 12 számozott köve van (1, 2, 3). "
        "Világos kezd. A kő egy mezőt lép átlósan előre, vagy átlósan hátrál: az első hátrálás megfordítja (V), a második "
        "eltakarja a számát (W), a harmadik leveszi a tábláról. A még nem hátrált kő (M) mind a négy átlós irányban üt, "
        "az ellenfél kövének mezejére lépve: az 1 üti a 3-ast, a 3 a 2-est, a 2 az 1-est; a W követ bármelyik M kő "
        "ütheti. Az ütés kötelező, és ugyanazzal a kővel folytatni kell, amíg lehet (az ágat te választod; az ütés nem "
        "változtat az ütő kövön). Az ellenfél első sorába ért kő befejezte a játékot: nem lép, nem üthető, és az ütéssor "
        "ott megáll. Nyersz, ha az ellenfélnek nem marad köve (tiszta győzelem, 2 pont), ha négy köved (vagy mind, ha "
        "kevesebb) beér, vagy ha az ellenfél nem tud lépni; ha valamelyik félnek négynél kevesebb köve van és a számuk "
        "eltér, a több kővel rendelkező nyer. Mellékpontok: 3/2/1 minden beért M/V/W kőért.\n"
        "A teljes szabály: docs/rules/ashtarashki.md"
    ),
    "rules.krepost": (
        "Krepost, az Erőd (Konsztantyin Bojandin). 12×12-es tábla; mindkét félnek 48 köve van kézben, és egy falakkal "
        "körülvett 3×2-es (választhatóan 3×3-as) erődje a jobb sarkában, egyetlen bejárattal. Világos kezd. Egy lépés: "
        "letenni egy követ a saját 1–4. sorodba (sötét: 9–12., a saját erőd is), egy követ egy mezővel vízszintesen vagy "
        "függőlegesen mozgatni, vagy saját köveken át ugrani akárhányszor (egy mezőt sem érintve kétszer, falon át soha). "
        "Az a csapat, amelynek szomszédos üres mezőiről nincs szabad út üres mezőkön át a tábla szélére az erődökön kívül, "
        "be van kerítve; a fal nem tábla széle, ezért a helyőrség be van zárva, amint bármilyen kő áll a bejárata előtt — "
        "akár a saját, ha nem kapcsolódik a helyőrséghez. Minden lépés után kötelező egy bekerített ellenséges csapat egy "
        "kövét foglyul ejteni; egy csapat utolsó kövéért újra léphetsz. Győzelem: belépés az ellenfél üres erődjébe, a "
        "helyőrség utolsó kövének elfogása, vagy ha az ellenfél nem tud lépni. "
        "játékosonként 100 (összesen 200) fogoly nélküli lépés után (vagy "
        "megegyezéssel: 'draw') számolás jön: foglyok és az ellenfél kézben maradt kövei; a fél kővel a döntetlent a "
        "második játékos nyeri.\nA teljes szabály: docs/rules/krepost.md"
    ),
    # administrators and vacations
    "help.admin": (
        "A csevegés adminisztrátorainak: 'admin abort #<játszma> [ok]' eredmény nélkül lezár egy hibás "
        "játszmát; 'admin deadline #<játszma> 2d' ennyi időt ad a soron lévő játékosnak; 'admin evidence "
        "#<játszma>' megmutatja, miért fagyott be egy játszma."
    ),
    "help.vacation": (
        "vacation — hány nap szabadságod maradt idén (évente {days}); 'vacation 5d' öt napra megállítja minden "
        "játszmád óráját; 'vacation end' korábban befejezi."
    ),
    "admin.denied": "Ezt csak a csevegés adminisztrátorai tehetik meg.",
    "admin.elsewhere": "A(z) #{id} játszma nem ebben a csevegésben folyik.",
    "admin.aborted": "A(z) #{id} játszmát {admin} megszakította{reason}. Senki értékszámába nem számít bele.",
    "admin.not_active": "A(z) #{id} játszma nem folyik (állapota: {status}).",
    "admin.no_clock": "A(z) #{id} játszmában nincs óra.",
    "admin.deadline": (
        "{admin} módosította a(z) #{id} játszma határidejét: {player} játékosnak {left} ideje van a következő lépésre."
    ),
    "admin.not_frozen": "A(z) #{id} játszma nincs befagyva: a lépései kiadják az állását.",
    "admin.evidence": (
        "A(z) #{id} játszma befagyott: {problem}\nTárolt lépések: {count}; az utolsók: {last}.\nAmiben a "
        "tárolt állás eltér a visszajátszottól: {fields}.\nLezárása: 'admin abort #{id}'."
    ),
    "vacation.status": ("Idén még {left} szabadságod van{current}. 'vacation 5d' elkezdi; 'vacation end' korábban befejezi."),
    "vacation.current": " (szabadságon vagy eddig: {until})",
    "vacation.bad": "Mondd meg, mennyi időre, például 'vacation 5d' vagy 'vacation 36h' (legalább egy óra).",
    "vacation.too_long": "Ez több, mint az idén megmaradt {left} szabadságod.",
    "vacation.already": "Már szabadságon vagy eddig: {until}; 'vacation end' befejezi.",
    "vacation.none": "Nem vagy szabadságon.",
    "vacation.started": (
        "{player} szabadságon van eddig: {until}; játszmáinak órája áll (idén {used} a(z) {limit} napból felhasználva)."
    ),
    "vacation.ended": ("{player} visszatért: játszmáinak órája újra jár (idén {used} a(z) {limit} napból felhasználva)."),
    "vacation.paused": "{opponent}: {player} szabadságon van eddig: {until}; a(z) #{id} játszma órája rá vár.",
    "vacation.resumed": "{opponent}: {player} visszatért a szabadságról; a(z) #{id} játszma órája újra jár.",
    # the command menus of the platforms
    "menu.play": "új játszma: /play kamisado bot",
    "menu.move": "lépés",
    "menu.board": "a tábla",
    "menu.games": "játszmáid",
    "menu.resign": "feladás",
    "menu.takeback": "lépés visszavétele",
    "menu.export": "lejegyzés",
    "menu.rules": "szabályok",
    "menu.help": "minden parancs",
    "menu.lang": "nyelv: en ru fa hu",
    "menu.settings": "beállítások",
    "menu.stats": "értékszámaid",
    "menu.top": "legjobb játékosok",
    "menu.vacation": "szabadság: /vacation 5d",
    "menu.admin": "a csevegés adminisztrátorainak",
    "menu.moves": "a játszma lépései",
    "menu.abort": "játszma lefújása az első lépésed előtt",
    "menu.rematch": "az utolsó játszma újra, cserélt színekkel",
    # move examples
    "examples.kamisado": "'lila l5' (torony, irány, távolság), '4' (egyenesen előre), 'e5' (egy mező), 'c1-e3'",
    "examples.ashtarashki": "'c3-d4', 'M3d4', 'd4:c5:b6' (ütéssorozat)",
    "examples.krepost": "'@e4' (lerakás), 'e4-e5' (lépés), 'e4-e6-g6' (ugrások), 'e4-e5 xf7' (fogollyal)",
    "language.name": "Magyar",
    # the terminal chat
    "console.welcome": (
        "Táblajáték-bot — csevegés a terminálban. Próbáld ki: 'play kamisado bot', 'play ashtarashki bot "
        "level=easy', 'help'."
    ),
    "console.welcome_more": (
        "Két játékos egy billentyűzetnél: 'play krepost @bob', aztán 'as bob' és 'accept'; az 'as NÉV' "
        "váltja, ki gépel. A '/3' megnyomja a [/3] gombot (a puszta szám lépés: a '4' a Kamisadóban egyenesen"
        " előre). Kilépés: 'quit'."
    ),
    "console.help": "Itt a terminálban: a '/3' megnyomja a [/3] gombot · az 'as NÉV' váltja, ki gépel · kilépés: 'quit'.",
    "console.help_quit": (
        "A 'quit' (vagy 'exit', vagy Ctrl-D) bezárja a terminál csevegést; a játszmák a következő indításig"
        " megmaradnak."
    ),
    "console.help_as": (
        "Az 'as NÉV' után a következő sorokat NÉV írja: két játékos egy billentyűzetnél ('play krepost"
        " @bob', majd 'as bob', 'accept')."
    ),
    "console.name_is_square": "A(z) '{name}' a tábla egy mezőjének olvasható, így nem lehet név: válassz másikat.",
    "console.thinking": "A bot gondolkodik…",
    "console.typing_as": "(most {name} gépel)",
    "console.other_picture": "[kép: {path}]",
    "console.picture": "[a tábla képe: {path}]",
    "console.to_only": "(csak {name} számára)",
    "diagram.last_moves": "Az utolsó lépések: {moves}",
    "game.not_your_turn_in": "Nem te következel itt: {games}.",
    "move.counted": "Vigyázat: {move} után jön a számolás: {result} Mégis lépsz?",
    "time.unlimited": "korlátlan",
    "board.new": "minden lépés új üzenetben",
    "board.edit": "egy üzenet, amely frissül",
    "games.vacation": " · {player} szabadságon van eddig: {until}",
    "span.days": "{n} nap",
    "span.hours": "{n} óra",
    "menu.replay": "egy játszma animációként: replay #12",
    "replay.none": "Nincs itt visszajátszható játszmád: a 'replay #<szám>' a csevegés bármelyik játszmáját lejátssza.",
    "replay.caption": "A(z) #{id} játszma visszajátszása: {game}, {white} (világos) – {black} (sötét), {plies} lépés.",
    "replay.start": "{game}: a kezdőállás",
    "replay.move": "{number}/{total} · {player}: {move}",
    "replay.going_on": "{total} lépés után: a játszma folytatódik",
    "console.replay": "[visszajátszás: {path} — nyisd meg böngészőben vagy képnézegetőben]",
    "menu.review": "hol nyerték és vesztették el a játszmát: review #12",
    "review.none": (
        "Nincs itt elemezhető befejezett játszmád: a 'review #<szám>' a csevegés bármelyik befejezett "
        "játszmáját elemzi."
    ),
    "review.not_finished": "A(z) #{id} játszma még tart: most az elemzés súgás volna. Kérd újra, ha véget ért.",
    "review.started": "A(z) #{id} játszma elemzése: {turns} lépés, nagyjából {seconds} mp. A 'review cancel' leállítja.",
    "review.busy": "Ebben a csevegésben már folyik egy elemzés (egyszerre egy): a 'review cancel' leállítja.",
    "review.cancelled": "Az elemzés leállt.",
    "review.nothing": "Itt most nem folyik elemzés.",
    "review.failed": "A(z) #{id} játszmát nem sikerült elemezni; kérd újra később.",
    "review.title": "A(z) #{id} játszma elemzése ({game}): {white} (világos) – {black} (sötét).",
    "review.tally": (
        "{player}: legjobb {best} · jó {good} · pontatlanság {inaccuracy} · hiba {mistake} · durva hiba "
        "{blunder}"
    ),
    "review.worst": "{player} legnagyobb hibái:",
    "review.line": "  {ply}. {move}: {verdict}; jobb: {better}",
    "review.proven": " (bizonyítottan: nyert állást adott ki a kezéből)",
    "review.note.prisoner_given": " (ingyen ad oda egy foglyot)",
    "review.clean": "{player}: a motor nem talált pontatlanságot.",
    "verdict.best": "a legjobb",
    "verdict.good": "jó",
    "verdict.inaccuracy": "pontatlanság",
    "verdict.mistake": "hiba",
    "verdict.blunder": "durva hiba",
    "review.comments": "Az elemzés ítéletei (a lépés a lejegyzés számozásával, ítélet, a jobb lépés):",
    "review.graph.title": "Világos nyerési esélye",
    "review.graph.percent": "{value}%",
    "review.graph.round": "{number}. kör",
    "review.graph.mistake": "hiba",
    "review.graph.blunder": "durva hiba",
    "review.graph.decisive": "a döntő lépés: {ply}. {move}",
    "review.progress": "A(z) #{id} játszma elemzése: {percent}% kész. A 'review cancel' leállítja.",
    "help.puzzle": (
        "puzzle [játék] [easy|normal|hard] — feladvány a csevegésnek: bárki válaszolhat egy lépéssel (beírva "
        "vagy gombbal), a bot védekezik. 'puzzle hint' megmondja a bábut, 'puzzle solution' a megoldást, "
        "'puzzle new' újat ad, 'top puzzles' a legjobb megfejtők. Napi feladvány: 'settings chat puzzle daily "
        "09:00'."
        " A 'puzzle <lépés>' a feladványra válaszol, ha a lépés a saját játszmádba is illene. Téma ('puzzle "
        "ashtarashki clean') vagy szám ('puzzle krepost 12', megosztáshoz) választja ki a feladványt."
    ),
    "menu.puzzle": "feladvány: /puzzle kamisado hard",
    "puzzle.title": "{game} feladvány #{number} · {difficulty} · értékszám {rating} · {theme}",
    "puzzle.goal.round": "{side} lép, és {n} lépésben megnyeri a fordulót.",
    "puzzle.goal.win": "{side} lép, és {n} lépésben nyer.",
    "puzzle.goal.prisoner": "{side} lép, és {n} lépésben foglyot ejt.",
    "puzzle.goal.clean": "{side} lép, és {n} lépésben tisztán nyer (az ellenfél minden kövét leüti).",
    "puzzle.easy": "könnyű",
    "puzzle.normal": "közepes",
    "puzzle.hard": "nehéz",
    "puzzle.theme.race": "verseny a célsorig",
    "puzzle.theme.deadlock": "holtpont",
    "puzzle.theme.sumo": "szumólökés",
    "puzzle.theme.clean": "tiszta győzelem",
    "puzzle.theme.blockade": "blokád",
    "puzzle.theme.combination": "kombináció",
    "puzzle.theme.endgame": "végjáték",
    "puzzle.theme.prisoner": "fogoly",
    "puzzle.theme.fortress": "be az erődbe",
    "puzzle.theme.garrison": "elesik a helyőrség",
    "puzzle.how": "Bárki válaszolhat: írd be a lépést, vagy használd a gombokat. 'puzzle hint' · 'puzzle solution'.",
    "puzzle.open": "Ez a feladvány még nyitott: oldd meg, vagy 'puzzle solution' · 'puzzle new'.",
    "puzzle.none": "Ilyen {game} feladvány nincs.",
    "puzzle.no_number": "{game} feladványok: 1–{last}; #{number} nincs.",
    "puzzle.right": "✔ {user}: {move}. {side} válasza {reply}.",
    "puzzle.right_again": "✔ {user}: {move}. Lépj újra.",
    "puzzle.too_late": "Késő: a feladványnak ez a lépése már megtörtént (vagy lezárult).",
    "puzzle.solved": "🏆 {user} megoldotta: {move}!",
    "puzzle.line": "A megoldás menete: {line}",
    "puzzle.refuted": "✘ {move} nem jó: {side} válasza {reply}, és {lost}.",
    "puzzle.not_in_time": "✘ {move}: {lost}.",
    "puzzle.not_at_once.win": "✘ {move} nem nyer azonnal.",
    "puzzle.not_at_once.round": "✘ {move} nem nyeri meg azonnal a fordulót.",
    "puzzle.not_at_once.prisoner": "✘ {move} nem ejt azonnal foglyot.",
    "puzzle.not_at_once.clean": "✘ {move} nem nyer azonnal tisztán.",
    "puzzle.lost.win": "{n} lépésben már nincs győzelem",
    "puzzle.lost.round": "{n} lépésben már nem nyerhető meg a forduló",
    "puzzle.lost.prisoner": "{n} lépésben már nincs fogoly",
    "puzzle.lost.clean": "{n} lépésben már nincs tiszta győzelem",
    "puzzle.again": "Az állás marad: próbáld újra.",
    "puzzle.standing": "{user}: feladvány-értékszám {rating}, sorozat {streak}.",
    "puzzle.hint": "Tipp: a(z) {square} mezőn álló bábuval lépj.",
    "puzzle.hint_row": "Tipp: a nyerő lépés a(z) {row}. sorban ér véget.",
    "puzzle.hint_file": "Tipp: a nyerő lépés a(z) {file} oszlopban ér véget.",
    "puzzle.hint_place": "Tipp: tegyél le egy követ a kézből a(z) {row}. sorba.",
    "puzzle.solution": "A megoldás: {line}",
    "puzzle.daily": "A nap feladványa, {day}:",
    "puzzle.solved_by": "Megoldotta: {users}.",
    "puzzle.unsolved": "Senki sem oldotta meg.",
    "puzzle.yesterday": "A tegnapi feladvány ({game} #{number}): {line}",
    "puzzle.nothing_open": "Itt nincs nyitott feladvány: a 'puzzle' indít egyet.",
    "puzzle.illegal": "A feladvány: {why}",
    "puzzle.usage": (
        "puzzle [játék] [easy|normal|hard] [téma] · puzzle <játék> <szám> · "
        "puzzle hint · puzzle solution · puzzle new"
    ),
    "puzzle.any_game": "bármelyik játék",
    "settings.puzzle_daily": "minden nap {at}-kor ({game})",
    "top.puzzles": "A legjobb megfejtők ({scope}):",
    "top.puzzle_unrated": "további {count} értékelés nélkül megoldva (segítség vagy hibás próba után)",
    "top.puzzle_line": "{rank}. {user} — {rating} · {tried}-ból {solved} megoldva · sorozat {streak} (legjobb {best})",
    "top.no_puzzles": "Még senki sem oldott meg feladványt: a 'puzzle' indít egyet.",
    "help.tournament": (
        "tournament new <játék> [beállítások] [swiss rounds=5 | roundrobin | double] [time=1d] [rated] — verseny "
        "indítása itt; 'tournament join': nevezés ('tournament join bot hard' a gépet nevezi azon a szinten), "
        "'tournament leave': kilépés (a kezdés után a hátralévő játszmák elvesznek), 'tournament start': az első "
        "forduló párosítása (a kiíró vagy egy adminisztrátor), 'tournament': a tabella, 'tournament cancel': "
        "lefújás. Egy forduló játszmái egyszerre indulnak, órával; ha az utolsó véget ér, jön a következő forduló. "
        "Győzelem 1 pont, döntetlen ½, vereség (időtúllépéssel vagy kilépéssel is) 0, svájci szabadnap 1 "
        "(körmérkőzésen a kimaradás 0). Holtversenyben: Sonneborn–Berger (körmérkőzés); Buchholz a leggyengébb "
        "nélkül, majd az egymás elleni eredmény (svájci)."
    ),
    "menu.tournament": "verseny ebben a csevegésben: /tournament new kamisado swiss rounds=5",
    "tournament.usage": (
        "tournament new <játék> [beállítások] [swiss rounds=5 | roundrobin | double] [time=1d] [rated] · tournament "
        "join [bot <szint>] · tournament leave · tournament start · tournament · tournament cancel"
    ),
    "tournament.none": "Itt nincs verseny. Indíts egyet: 'tournament new kamisado swiss rounds=5 time=1d'.",
    "tournament.exists": "Ebben a csevegésben már van verseny: a 'tournament' megmutatja.",
    "tournament.created": (
        "🏆 {creator} kiírta a(z) #{id} versenyt: {game} — {terms}. Nevezés: 'tournament join'; "
        "{creator} a 'tournament start' paranccsal indítja."
    ),
    "tournament.rated": "értékelt",
    "tournament.entries": (
        "#{id} verseny: {game} — {terms}. {count} {count:játékos|játékos}: {players}. "
        "Nevezés: 'tournament join'; {creator} a 'tournament start' paranccsal indítja."
    ),
    "tournament.begun": "A(z) #{id} verseny már elkezdődött: nevezni már nem lehet.",
    "tournament.changed": "A verseny közben megváltozott (valaki benevezett, kilépett, elindította vagy törölte); próbáld újra.",
    "tournament.full": "A(z) #{id} verseny betelt ({most} játékos).",
    "tournament.in_already": "{player} már nevezett a(z) #{id} versenyre.",
    "tournament.joined": "{player} nevezett a(z) #{id} versenyre ({count} {count:játékos|játékos}).",
    "tournament.not_in": "{player} nem játszik a(z) #{id} versenyen.",
    "tournament.left": "{player} kilépett a(z) #{id} versenyből.",
    "tournament.not_creator": "Ezt csak {creator} (a kiíró) vagy a csevegés egy adminisztrátora teheti meg.",
    "tournament.too_few": "A(z) #{id} versenyhez legalább {fewest} játékos kell; most {count} van.",
    "tournament.fewer_rounds": (
        "{asked} fordulót kértetek, de {count} játékos ismételt párosítás nélkül csak {rounds} fordulót játszhat: "
        "{rounds} forduló lesz."
    ),
    "tournament.cancelled": "A(z) #{id} versenyt lefújták. A már elkezdett játszmák közönséges játszmaként folytatódnak.",
    "tournament.swiss": "svájci rendszer, {rounds} forduló",
    "tournament.roundrobin": "körmérkőzés",
    "tournament.double": "kétfordulós körmérkőzés",
    "tournament.sb": "SB",
    "tournament.buchholz": "Buchholz",
    "tournament.out": "(kilépett)",
    "tournament.line": "{rank}. {player} — {points} ({tiebreak} {value}), {games} játszma",
    "tournament.stage": "{round}. forduló / {rounds}",
    "tournament.status.open": "Nevezés folyik",
    "tournament.status.finished": "Végeredmény",
    "tournament.status.cancelled": "Lefújva",
    "tournament.title": "#{id} verseny · {game}",
    "tournament.col.rank": "#",
    "tournament.col.player": "Játékos",
    "tournament.col.points": "Pont",
    "tournament.col.games": "Játszma",
    "tournament.round": "🏆 #{id} verseny, {round}. forduló ({rounds} közül):",
    "tournament.game": "#{id} verseny, {round}. forduló ({rounds} közül).",
    "tournament.bye": "{player}: szabadnap ({points})",
    "tournament.forfeit": "{white} – {black}: {score}, játék nélkül (kilépés)",
    "tournament.pairing": "#{id} {white} – {black}",
    "tournament.finished": "🏆 A(z) #{id} verseny véget ért. {count:Győztes|Győztesek}: {winners}!",
    "tournament.withdrew": "{player} kilépett a(z) #{id} versenyből: hátralévő játszmái elvesztek.",
    "tournament.forfeited": "{player} kilépett a versenyből: a játszma elveszett.",
    "tournament.bad_rounds": "'{option}': a fordulók száma egész szám 1 és {most} között.",
    "tournament.leave_confirm": (
        "{player}, visszalépsz a #{id} versenyből? A most folyó játszmád elveszik{later}. Ez nem vonható"
        " vissza."
    ),
    "tournament.leave_confirm_free": "{player}, visszalépsz a #{id} versenyből? {later} Ez nem vonható vissza.",
    "tournament.leave_free_roundrobin": "Minden későbbi játszmád elveszik.",
    "tournament.leave_free_swiss": "Többé nem kapsz párt.",
    "tournament.leave_later_roundrobin": ", és minden későbbi is",
    "tournament.leave_later_swiss": ", és többé nem kapsz párt",
    "tournament.stays": "{player} a #{id} versenyben marad.",
    "tournament.now": "{round}. forduló:",
    "tournament.playing": "folyamatban",
    "button.withdraw": "Igen, visszalépek",
    "button.stay": "Nem, maradok",
    "tournament.no_abort": "A(z) #{id} játszma versenyjátszma, nem lehet lefújni: add fel, vagy játssz tovább.",
    "scoring.kamisado": (
        "Versenyen a játszma a győztese szerint számít: a megnyert mérkőzés (sorozat, egyetlen kör) 1 pont, az "
        "elvesztett 0, a különbség nem számít."
    ),
    "scoring.ashtarashki": (
        "Versenyen a játszma a győztese szerint számít: győzelem 1 pont (a tiszta győzelem 2 pontja is 1), vereség 0; "
        "a golyók nem számítanak."
    ),
    "scoring.krepost": (
        "Versenyen a játszma az eredménye szerint számít: győzelem 1 pont, akár erőddel, helyőrséggel, bezárt "
        "ellenféllel vagy számolással; döntetlen (egyenlő számolás fél kő nélkül) ½; vereség 0."
    ),
    # the web pages
    "web.position": "A tábla a(z) {ply}. lépés után",
    "web.start": "A kezdőállás",
    "web.moves": "Lépések",
    "web.round": "{number}. forduló",
    "web.first": "Elejére",
    "web.previous": "Vissza",
    "web.next": "Előre",
    "web.last": "A legutóbbira",
    "web.diagram": "A tábla szövegként",
    "web.live": "Élő: az új lépések maguktól megjelennek itt.",
    "web.review": "Elemzés",
    "web.no_moves": "Még nincs lépés.",
    "web.chat_title": "A csevegés játszmái",
    "web.chat_link": "A csevegés összes játszmája",
    "web.no_games": "Még nincs játszma.",
    "web.standings": "Verseny",
    "web.not_found": "Nincs ilyen oldal. Lehet, hogy a hivatkozás hibás, vagy a csevegés levette az oldalait.",
    "web.bad_ply": "Ebben a játszmában nincs ilyen lépés.",
    "web.unavailable": (
        "A játszmák egy pillanatra nem érhetők el (az adatbázis nem válaszol); semmi sem "
        "változott. Próbáld újra kicsit később."
    ),
    "web.too_many": "Túl sok kérés érkezett a címedről: várj egy percet, és próbáld újra.",
    "web.link": "A játszma oldala",
    "web.terminal_link": "Nézd böngészőben: {url}",
    "web.challenges": "Nyitott kihívások",
    "web.challenge": "{challenger}: {game} ({options})",
    "web.challenges_sign_in": (
        "Ha itt akarsz elfogadni egyet, előbb jelentkezz be: írd meg a botnak privátban, hogy 'signin' (Telegramon "
        "vagy Discordon), nyisd meg a kapott linket, aztán gyere vissza erre az oldalra. A játszma ezután a bottal "
        "folytatott privát csevegésedben folyik."
    ),
    "web.no_pages": "Ennél a botnál nincsenek beállítva a játszmák oldalai.",
    "web.signin": (
        "Bejelentkezés a játszmák oldalaira: {url}\nA link azon az eszközön jelentkeztet be, ahol megnyitod. "
        "Egyszer működik, {minutes} percen belül: ne add tovább."
    ),
    "web.signin_not_sent": (
        "{user}: még nem írhatok neked privátban, ezért bejelentkező linket sem küldtem (itt sosem mutatom meg). Nyiss "
        "velem privát csevegést, és írd oda: 'signin'."
    ),
    "web.signin_sent": (
        "{user}: privátban elküldtem a bejelentkező linket (ha nem érkezett meg, írd meg nekem privátban: "
        "'signin')."
    ),
    "menu.signin": "privát link, amely bejelentkeztet a játszmák oldalaira",
    "help.signin": (
        "signin — privát, egyszer használható link, amely bejelentkeztet a játszmák oldalaira (kihívás "
        "elfogadásához egy csevegés oldalán, vagy koppintással játszáshoz). Egyszer működik, 10 percen belül; "
        "csoportban sosem jelenik meg."
    ),
    "web.accept_on_page": "Játék az oldalon",
    "web.share": "A játszma oldala: {url}",
    "web.play.go_latest": "Te lépsz: a lépéshez menj a legutóbbi álláshoz (»).",
    "web.puzzle_link": "Megoldás az oldalon",
    "web.puzzle_done": "Ez a fejtörő véget ért: itt a megoldás vége.",
    "web.puzzle_none": "Ebben a csevegésben nincs nyitott feladvány: indíts egyet a 'puzzle' paranccsal.",
    "web.puzzle_title": "Feladvány",
    "web.play.hint": "Tipp",
    "web.play.solution": "A megoldás megmutatása",
    "web.play.offer_takeback": "{player} visszavonná az utolsó lépését.",
    "web.play.offer_draw": "{player} azt javasolja, álljatok meg és számoljatok.",
    "web.play.offer_waiting": "Megkérdezted: {opponent}; várjuk a választ.",
    "web.play.accept": "Elfogadom",
    "web.play.decline": "Elutasítom",
    "web.play.rematch": "Visszavágó",
    "web.play.review": "A játszma elemzése",
    "web.play.game_over": "A játszma véget ért.",
    "web.play.not_member": "A csevegés fejtörőjére csak a tagjai válaszolnak. Írj egyszer a csevegésbe, aztán próbáld újra.",
    "web.play.hint_refill": "Megnyerted a kört: töltsd fel a hazai sorokat balról vagy jobbról (a lenti gombok).",
    "web.play.hint_extra_turn": "Foglyot ejtettél: ez a pótlépésed.",
    "web.play.hint_capture": "Az ütés kötelező: érints meg egy ütni tudó követ.",
    "web.play.chain": "Az ütés folytatódik: az egyetlen utat kiválasztottam; érintsd meg a következő mezőt.",
    "web.play.loupe_hint": "Koppints a táblára: a koppintás körüli mezők lent nagyobban látszanak, ott lépj.",
    "web.play.loupe_open": "Lent nagyítva a(z) {square} körül: ott lépj, vagy koppints máshová a táblán.",
    "web.play.loupe_close": "A nagyított nézet bezárása",
    "web.play.sign_out": "Kijelentkezés",
    "web.play.next_puzzle": "Következő fejtörő",
    "web.play.resign": "Feladás",
    "web.play.count": "Megállás és számolás",
    "web.play.takeback": "Lépés visszavételének kérése",
    "web.play.signin": (
        "Játssz a játszma oldalán: {url}\nA link azon az eszközön jelentkeztet be, ahol megnyitod. Egyszer "
        "használható, {minutes} percig: ne add tovább senkinek."),
    "web.play.not_player": "Itt csak a játszma játékosai léphetnek; te nézőként vagy itt.",
    "web.play.other_platform": (
        "Egy másik alkalmazás fiókjával jelentkeztél be, mint amelyikben a játszma csevegése van: onnan játszd."),
    "web.play.bad_request": "A kérést nem sikerült értelmezni: töltsd újra az oldalt.",
    "web.play.signed_out": "Nem vagy bejelentkezve: nyisd meg az oldalt a játszma csevegéséből.",
    "web.play.forged": "Ez a kérés nem erről az oldalról jött: töltsd újra.",
    "web.play.too_fast": "Túl sok lépés egyszerre: várj egy kicsit.",
    "web.play.telegram_refused": "A Telegram-bejelentkezést nem sikerült ellenőrizni: nyisd meg újra a játszmát a Telegramból.",
    "web.play.telegram_expired": "A Telegram-bejelentkezés túl régi: nyisd meg újra a játszmát a Telegramból.",
    "web.play.signin_title": "Bejelentkezés a játszmák oldalaira",
    "web.play.signin_confirm": "Ez a link egyszer bejelentkeztet a játszmák oldalaira ebben a böngészőben. Nyomd meg a gombot.",
    "web.play.signin_button": "Bejelentkezés",
    "web.play.signin_used": "Ezt a bejelentkező linket már felhasználták. Kérj újat a 'board' paranccsal a játszma csevegésében.",
    "web.play.signin_expired": "Ez a bejelentkező link lejárt. Kérj újat a 'board' paranccsal a játszma csevegésében.",
    "web.play.signin_unknown": "Ez a bejelentkező link érvénytelen.",
    "web.play.your_turn": "Te lépsz: koppints egy bábura, majd oda, ahová lép.",
    "web.play.waiting": "Az ellenfeled lép.",
    "web.play.undo": "Vissza",
    "web.play.finish": "A lépés itt ér véget",
    "web.play.signed_in_as": "Bejelentkezve: {name}.",
    "web.play.watching": "Bejelentkezve: {name}; ezt a játszmát nézőként látod.",
    "web.play.sending": "Küldés…",
    "web.play.sign_in_hint": (
        "A játékosok itt léphetnek, ha az oldalt a játszma csevegéséből nyitják meg (Telegramban a gombjával, máshol "
        "a linkkel, amelyet a 'board' parancs privátban küld)."),
    "web.play.failed": "A lépést nem sikerült elküldeni: ellenőrizd a kapcsolatot, és próbáld újra.",
    "web.play.your_games": "A játszmáid",
    "web.play.no_games": "Nincs folyamatban lévő játszmád. Indíts egyet egy csevegésben a 'play' paranccsal.",
    "web.play.your_move": "te lépsz",
    "web.play.their_move": "az ellenfél lép",
    "web.play.opening": "Bejelentkezés…",
    "settings.pages_off": "A csevegés játszmaoldalait levettük: a hivatkozásaik már nem működnek.",
    "settings.pages_on": "A csevegés játszmaoldalai újra elérhetők, új címeken.",
    "no.nothing": (
        "Nincs mit elutasítani: a „nem” az ellenfél visszalépés- vagy számolásajánlatát, illetve a neked szóló "
        "kihívást utasítja el, és itt egyik sem vár rád. Az én kérdésemre (feladod? számoljunk most?) nem kell "
        "felelni: semmi sem történik, amíg meg nem nyomod az „Igen” gombját."
    ),
    "yes.nothing": (
        "Az „igen” az ellenfél visszalépés- vagy számolásajánlatára, illetve a neked szóló kihívásra felel, és itt "
        "egyik sem vár rád. Feladni a „Igen, feladom” gombbal vagy a 'resign yes' paranccsal lehet."
    ),
    "help.answers_only": (
        "Itt nem vagyok tagja a csevegésnek (magadnak telepítettél): csak parancsokra és gombokra felelek. A "
        "gombokkal játssz (a beírt lépések itt nem jutnak el hozzám); a /board visszahozza a játszmát; az "
        "emlékeztetők a velem folytatott privát csevegésbe mennek, ha van ilyen."
    ),
    "inline.challenge": (
        "{user} bárkit kihív itt: {game}, {about}. A játszmát gombokkal játsszák (a beírt lépések itt nem "
        "jutnak el hozzám)."
    ),
    "inline.challenge_page": (
        "{user} kihív bárkit itt: {game}, {about}. A játszma az oldalán folyik (a tábla alatti gomb): a begépelt "
        "lépések itt nem jutnak el hozzám."
    ),
    "inline.unavailable": "Most nem tudok játszmát ajánlani (a bot üzemeltetője értesült róla). Írj nekem privátban.",
    "inline.accept": "Elfogadom",
    # linked accounts
    "menu.link": "egy játékos Telegramon és Discordon: kód a fiókjaid összekapcsolásához",
    "menu.unlink": "az összekapcsolt fiókok szétválasztása",
    "help.link": (
        "link — egyszer használható kód (10 percig érvényes), amely a Telegram-, Discord- és terminálbeli "
        "fiókjaidat egy játékossá teszi: küldd el a 'link <kód>' parancsot a másik fiókodból. Ezután minden "
        "platformon egy értékszám játékonként, egy feladvány-értékszám és egy 'stats', az első fiók nevén. Az "
        "'unlink' újra szétválasztja őket (a közösen szerzett értékszámok az első fióknál maradnak)."
    ),
    "link.code": (
        "A kapcsolókódod: {code}. A másik platformon lévő fiókodból küldd el nekem: 'link {code}', {minutes} "
        "percen belül: ezután a két fiók egy játékos, egy értékszámmal játékonként, egy feladvány-értékszámmal és "
        "egy 'stats'-szal. A kód egyszer működik; ne mutasd meg senkinek."
    ),
    "left.page": (
        "Eltávolítottak a(z) #{id} játszma csevegéséből ({game} {opponent} ellen), így a táblák oda már nem jutnak el. "
        "Folytasd a játszma oldalán: {url} — vagy fejezd be itt: '#{id} resign' (amíg nem léptél: '#{id} abort')."
    ),
    "left.no_page": (
        "Eltávolítottak a(z) #{id} játszma csevegéséből ({game} {opponent} ellen), így ott nem folytatódhat. Adj hozzá "
        "újra ahhoz a csevegéshez, vagy fejezd be itt: '#{id} resign' (amíg nem léptél: '#{id} abort')."
    ),
    "link.not_sent": (
        "{user}: még nem írhatok neked privátban, ezért a kapcsolókódot nem küldtem el (itt sosem mutatom meg). Nyiss "
        "velem privát csevegést, és írd oda: 'link'."
    ),
    "link.sent_privately": (
        "{user}: a kapcsolókódodat privátban küldtem el (ha nem érkezett meg, nyiss velem privát csevegést, és írd "
        "oda: 'link')."
    ),
    "link.done": (
        "Összekapcsolva: {accounts} mostantól egy játékos. Az értékszámok, a feladvány-értékszám és a 'stats' "
        "minden platformon {first} szerintiek; az 'unlink' újra szétválasztja a fiókokat."
    ),
    "link.unknown": "Nincs ilyen kapcsolókód. Írd a másik fiókodban: 'link', és kapsz egy újat.",
    "link.used": "Ezt a kapcsolókódot már felhasználták. Írd a másik fiókodban: 'link', és kapsz egy újat.",
    "link.expired": (
        "A kapcsolókód lejárt (egy kód {minutes} percig érvényes). Írd a másik fiókodban: 'link', és kapsz egy "
        "újat."
    ),
    "link.same_platform": "Ez a kód erről a platformról való: a másik platformon lévő fiókodból küldd el.",
    "link.already_one": "Ezek a fiókok már egy játékos.",
    "link.already_linked": "Ez a fiók már egy másik játékoshoz kapcsolódik: előbb 'unlink'.",
    "unlink.done": (
        "Szétválasztva: {accounts} ismét külön játszanak. A közösen szerzett értékszámok {first} fiókjánál "
        "maradnak."
    ),
    "unlink.none": "Ez a fiók nincs más fiókhoz kapcsolva. A 'link' kódot ad az összekapcsoláshoz.",
    "platform.telegram": "Telegram",
    "platform.discord": "Discord",
    "platform.console": "terminál",
    "private.answered": "Válasz négyszemközt (csak a kérdező látja).",
}
