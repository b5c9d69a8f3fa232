"""What a typed line means, in Hungarian (the keys of ``lines_en``)."""

LINES: dict[str, str] = {
    "game.which_command": "Több játszmád is van itt: írd ezt: {forms}.",
    "line.choose": "A(z) „{text}” több helyre is illik, ezért nem léptem semmit. Melyikre gondoltál?",
    "line.in_game": "A(z) #{id} játszmában: {move}",
    "line.for_puzzle": "A feladványban: {move}",
    "line.in_lesson": "A leckében: {move}",
    "line.refused": "A(z) „{text}” nem léphető:",
    "line.no_button": "Nincs [/{number}] gomb: az utolsó válaszban nem volt gomb.",
    "line.no_button_of": "Nincs [/{number}] gomb: az utolsó válasz gombjai: [/1]–[/{count}].",
    "line.no_board_button": "A(z) #{id} játszma tábláján most {count} gomb van: {number}. gomb nincs.",
    "line.unknown": "A(z) „{text}” nem parancs, és itt nincs játszmád.",
    "line.unknown_games": "A(z) „{text}” nem parancs, és nem is lépés az itteni játszmáidban ({games}).",
    "line.near": "Erre gondoltál: „{near}”?",
    "line.how_games": "„{example} <lépés>” abban a játszmában lép; a „help” felsorolja a parancsokat.",
    "line.how_none": "A „play kamisado bot” játszmát kezd; a „help” felsorolja a parancsokat.",
    "notation.push": "tolás",
}
