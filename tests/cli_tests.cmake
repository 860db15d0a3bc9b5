# Command-line behaviour: JSON shapes, errors on bad input (exit code 2, never a crash), validate outcomes.
set(HC $<TARGET_FILE:heterochess>)
set(GAMES ${CMAKE_CURRENT_SOURCE_DIR}/data/games)

function(cli_test name regex)
  add_test(NAME cli_${name} COMMAND ${ARGN})
  set_tests_properties(cli_${name} PROPERTIES PASS_REGULAR_EXPRESSION "${regex}")
endfunction()
function(cli_fails name regex)  # must exit non-zero AND print the message
  add_test(NAME cli_${name} COMMAND sh -c "\"$0\" \"$@\"; test $? -eq 2" ${ARGN})
  set_tests_properties(cli_${name} PROPERTIES PASS_REGULAR_EXPRESSION "${regex}")
endfunction()

cli_test(perft_json "\"nodes\":8902" ${HC} perft --depth 3 --json)
cli_test(perft_turns "\"nodes\":445,.*\"unit\":\"turns\"" ${HC} perft --variant marseillais --depth 1 --turns --json)
cli_test(perft_divide "e2e4: 600" ${HC} perft --depth 3 --divide)
cli_test(moves_count "20 legal move" ${HC} moves)
cli_test(moves_turns "\"count\":445" ${HC} moves --variant marseillais --turns --json)
cli_test(variants_json "\"id\":\"alice\"" ${HC} variants --json)
# Variants files (docs/variants.md): a good one checked and used, a bad one reported error by error with its line,
# column and key (exit 1 for --check, 2 for a command given it), the keys listed.
set(VARIANTS ${CMAKE_CURRENT_SOURCE_DIR}/data/variants)
cli_test(variants_check_ok "^ok: 4 variants\n$" ${HC} variants --check ${VARIANTS}/user.toml)
add_test(NAME cli_variants_check_errors COMMAND sh -c "\"$0\" variants --check \"$1\"; test $? -eq 1" ${HC} ${VARIANTS}/errors.toml)
set_tests_properties(cli_variants_check_errors PROPERTIES PASS_REGULAR_EXPRESSION
  "errors.toml:2:2: \\[chess\\] 'chess' is a built-in id.*errors.toml:8:9: \\[typos\\] key 'quota': bad value 0 \\(an integer from 1 to 1000000\\).*errors.toml:16:2: \\[ping\\] cycle of inheritance or aliases: ping -> pong -> ping.*15 errors")
add_test(NAME cli_variants_check_json COMMAND sh -c "\"$0\" variants --check \"$1\" --json; test $? -eq 1" ${HC} ${VARIANTS}/errors.toml)
set_tests_properties(cli_variants_check_json PROPERTIES PASS_REGULAR_EXPRESSION
  "\"column\":9,\"id\":\"typos\",\"key\":\"quota\",\"line\":8")
cli_fails(variants_check_unreadable "cannot read the variants file '/nonexistent.toml'" ${HC} variants --check /nonexistent.toml)
cli_test(variants_user_listed "triple-marseillais .*\\[schedule,en-passant\\] \\(user\\)" ${HC} variants --variants ${VARIANTS}/user.toml)
cli_test(variants_user_perft "\"nodes\":20,.*\"variant\":\"triple-marseillais\"" ${HC} perft --variants ${VARIANTS}/user.toml --variant triple-marseillais --depth 1 --json)
cli_test(variants_user_alias "\"variant\":\"alice-progressive-kamikaze\"" ${HC} moves --variants ${VARIANTS}/user.toml --variant kamikaze+alice+progressive --json)
cli_fails(variants_bad_file "errors.toml:8:9: \\[typos\\] key 'quota': bad value 0" ${HC} moves --variants ${VARIANTS}/errors.toml)
cli_fails(variants_bad_file_serve "errors.toml:14:12: \\[orphan\\] key 'inherits': unknown parent id 'nowhere'" ${HC} serve --port 0 --data ${CMAKE_CURRENT_BINARY_DIR}/serve_bad_variants --variants ${VARIANTS}/errors.toml)
cli_test(variants_keys "ep.when +en-passant +one of: first, marseillais-pair, any, none" ${HC} variants --keys)
cli_test(variants_showcase "\"showcase\":\\[\"marseillais\\+atomic\"" ${HC} variants --json)
cli_test(validate_alice_mate "\"outcome\":\"checkmate\"" ${HC} validate ${GAMES}/alice_postal.pgn --json)
cli_test(validate_italian_mate "outcome: checkmate \\(1-0\\)" ${HC} validate ${GAMES}/italian_boniface.pgn)
cli_fails(bad_fen "error: bad FEN: rank 1 has 7 files" ${HC} perft --depth 1 --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1")
cli_fails(bad_fen_json "\"error\":\"bad FEN" ${HC} moves --json --fen "xyz w - - 0 1")
cli_fails(unknown_variant "unknown variant id 'atomix'" ${HC} perft --variant atomix --depth 1)
cli_fails(clash "'marseillais' and 'progressive' both set the schedule" ${HC} moves --variant marseillais+progressive)
cli_fails(missing_file "cannot read" ${HC} validate /nonexistent/file.pgn)
cli_fails(negative_depth "--depth: must be an integer from 0 to 64, not .-1." ${HC} perft --depth -1)
add_test(NAME cli_validate_illegal COMMAND sh -c "printf '1. e4 e5 2. Ke3 *' | \"$0\" validate - --json; test $? -eq 1" ${HC})
set_tests_properties(cli_validate_illegal PROPERTIES PASS_REGULAR_EXPRESSION "\"column\":13.*\"move\":\"Ke3\".*\"move_number\":2.*\"ok\":false")
add_test(NAME cli_perft_batch COMMAND sh -c "printf 'atomic\\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\\t4\\n' | \"$0\" perft --batch -" ${HC})
set_tests_properties(cli_perft_batch PROPERTIES PASS_REGULAR_EXPRESSION "\t4\t197326")
cli_fails(perft_batch_bad "error: unknown variant id 'nope'" sh -c "printf 'nope\\tx\\t1\\n' | \"$0\" perft --batch -" ${HC})
cli_fails(perft_needs_depth "perft needs --depth" ${HC} perft)
cli_test(validate_pgn_series "1[.] d4 2[.] c5,cxd4 3[.] e4,e5,Na3" ${HC} validate ${GAMES}/progressive_1996.pgn --pgn)
cli_test(solve_json "\"mate\":true.*\"solutions\":\\[\\[\"a1h1\"\\]\\]" ${HC} solve --variant alice --fen "8/8/8/8/7r/8/5Kpk/Q7 w - - 0 1" --mate 2 --json)
cli_test(solve_no_mate "no mate in 1" ${HC} solve --mate 1)
cli_fails(solve_game_over "the game is already over: checkmate" ${HC} solve --mate 1 --fen "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
# --mate N lists every key mating within N, the longer ones marked (issue 13 §2: 1.Qh7 mates in 2 beside 1.Qh8#).
cli_test(solve_longer_keys "mate in 1 \\(15 keys mating within 2, the longer ones marked\\):.*h2h7  a8b8  h7g8  \\(mate in 2\\)" ${HC} solve --fen "k7/8/1K6/8/8/8/7Q/8 w - - 0 1" --mate 2 --all)
cli_test(solve_longer_keys_json "\"length\":1,\"lengths\":\\[1,2,.*\"mode\":\"all\"" ${HC} solve --fen "k7/8/1K6/8/8/8/7Q/8 w - - 0 1" --mate 2 --all --json)
# By default one proven key, fast (issue 13 §2): RULES.md §9.26 (Alice, a mate in 7 looked for within 8; over
# 120 s exhaustively) by checking turns first; a quiet key found by the second pass, over every turn.
cli_test(solve_fast_default "mate in 7 \\(a key found among the turns that give check, proven; a shorter mate by a quiet turn is not excluded; --all lists every key\\):.*c3b5  d6c6  g8c8" ${HC} solve --variant alice --fen "rnb3R1/2pp1ppp/1|p1k1|p2/|p1b5/2|B|P4/2|N|K4/PPP1rP1P/4|R3 w - - 4 16" --mate 8 --time 60)
cli_test(solve_fast_default_quiet "mate in 2 \\(the first key of the shortest mate; --all lists every key\\):" ${HC} solve --fen "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1" --mate 2)
cli_fails(solve_all_stipulation "--all applies to --mate" ${HC} solve -s "#2" --all)
# Tries (Popeye's Option Try): 1.Ra1? fails only to 1...Kc8 (the same as Popeye's, tries.inp above).
cli_test(solve_tries "11 tries:\n  1.Ra1\\? but 1...Kc8!" ${HC} solve -s "#2" --fen "1k6/8/1K6/8/8/8/8/7R w - - 0 1" --tries)
cli_fails(solve_tries_mate "--tries applies with --stipulation" ${HC} solve --mate 2 --tries)
cli_fails(solve_defence_alone "--defence applies with --tries" ${HC} solve -s "#2" --defence 2)
# Stipulations (docs/problems.md): h#2 of the Popeye comparison with its 34 solutions, the short key of a #2, the
# JSON shape, and errors that name what is not solved.
cli_test(solve_help_mate "h#2: 34 solutions" ${HC} solve --fen "8/8/8/8/8/2K5/1p6/k6R b - - 0 1" -s "h#2")
cli_test(solve_direct_short "1.Qh8#  \\(short: in 1\\)" ${HC} solve --fen "k7/8/1K6/8/8/8/7Q/8 w - - 0 1" -s "#2")
cli_test(solve_stipulation_json "\"problems\":\\[\\{.*\"solutions\":\\[\\[\"h2h8\"\\]\\].*\"stipulation\":\"#1\"" ${HC} solve --fen "k7/8/1K6/8/8/8/7Q/8 w - - 0 1" -s "#1" --json)
cli_fails(solve_stipulation_unknown "stipulation 'q#2': unknown goal at 'q#2'" ${HC} solve -s "q#2")
cli_fails(solve_stipulation_unsupported "the goal 'dia' is Popeye's but not solved here yet" ${HC} solve -s dia6.5)
cli_fails(solve_stipulation_and_mate "excludes" ${HC} solve --mate 2 -s "#2")
cli_fails(solve_neither "solve needs --mate N or --stipulation S" ${HC} solve)
cli_fails(solve_stipulation_checks "--checks applies to --mate only" ${HC} solve -s "#2" --checks)
# heterochess popeye: Popeye's own output lines for 132 problems, tries included (tests/popeye_output_test.sh), and
# input errors.
add_test(NAME cli_popeye_same_lines_as_popeye COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/popeye_output_test.sh ${HC}
  ${CMAKE_CURRENT_SOURCE_DIR}/data/popeye)
set_tests_properties(cli_popeye_same_lines_as_popeye PROPERTIES PASS_REGULAR_EXPRESSION
  "examples: the same 191 lines as Popeye in 52 problems\ntries: the same 900 lines as Popeye in 80 problems")
cli_fails(popeye_twin "line 4, column 1: 'twin' is Popeye's but not supported here yet" sh -c "printf 'begin\\npieces white ka1 black kh8\\nstip h#2\\ntwin move a1 a2\\nend\\n' | \"$0\" popeye -" ${HC})
cli_fails(popeye_fairy "not a man of ours: 'nh5'" sh -c "printf 'begin pieces white ka1 nh5 black kh8 stip #2 end' | \"$0\" popeye -" ${HC})
cli_fails(popeye_condition "the condition 'Madrasi' is not mapped to our catalogue yet" sh -c "printf 'begin condition Madrasi pieces white ka1 black kh8 stip #2 end' | \"$0\" popeye -" ${HC})
cli_fails(popeye_no_end "EndProblem missing" sh -c "printf 'begin pieces white ka1 black kh8 stip #2' | \"$0\" popeye -" ${HC})
cli_fails(popeye_unreadable "cannot read '/nonexistent.inp'" ${HC} popeye /nonexistent.inp)
cli_test(popeye_json "\"problems\":\\[\\{.*\"solutions\":\\[\\[\"h2h8\"\\]\\].*\"stipulation\":\"#1\"" sh -c "printf 'begin pieces white kb6 qh2 black ka8 stip #1 end' | \"$0\" popeye - --json" ${HC})
cli_fails(solve_stipulation_over "play is already over: checkmate" ${HC} solve -s "h#2" --fen "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
cli_test(bench_signature "bench signature \\(depth 2, 5000 nodes per case\\): [0-9]+\n[0-9]+ nodes in .* nps, effective branching factor" ${HC} bench --depth 2 --nodes 5000)
# The bench signature compared by value with the pinned one (tests/data/bench_signature.txt says how to update it).
add_test(NAME bench_signature COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/bench_signature.sh ${HC}
         ${CMAKE_CURRENT_SOURCE_DIR}/data/bench_signature.txt)
set_tests_properties(bench_signature PROPERTIES TIMEOUT 300 COST 60)
cli_test(match_selfplay "\"draws\":[0-9]+.*\"engines\":\\[\"d1\",\"d2\"\\].*\"losses\":[0-9]+.*\"wins\":[0-9]+" ${HC} match --variant progressive+alice --engine "d1=${HC} uci" --engine "d2=${HC} uci" --engine-depth d1=1 --engine-depth d2=2 --games 2 --max-turns 40 --json)
cli_fails(match_dead_engine "did not answer uciok" ${HC} match --engine "a=true" --engine "b=true" --games 1)
cli_fails(match_one_engine "exactly two --engine" ${HC} match --engine "a=true" --games 1)
# serve: a data directory that cannot be created, an address that cannot be bound.
cli_fails(serve_bad_data "cannot create data directory" ${HC} serve --port 0 --data /dev/null/games)
cli_fails(serve_bad_address "cannot listen on 203.0.113.1:0" ${HC} serve --address 203.0.113.1 --port 0 --data ${CMAKE_CURRENT_BINARY_DIR}/serve_bad_address)
# A game record must start where each side has its royal king; a variant id names each component once.
cli_fails(validate_no_king "bad FEN: Black has no king" sh -c "printf '[FEN \"8/8/8/8/8/8/8/4K3 w - - 0 1\"]\\n\\n1. Kd2 *\\n' | \"$0\" validate -" ${HC})
cli_fails(variant_twice "variant id 'chess' given twice in 'chess\\+chess'" ${HC} moves --variant chess+chess)

# Issue 9: input that is not valid UTF-8, or a multi-byte character where a FEN or move expects ASCII, is quoted
# whole (or as \xNN) and printed as valid JSON with exit code 2; it aborted the CLI (exit 134) when the message
# held a single byte of a character.
cli_fails(crash_vector_fen_utf8 "^\\{\"error\":\"bad FEN: unknown man 'é' \\(column 34\\)\"\\}\n$"
          ${HC} moves --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPé w KQkq - 0 1" --json)
cli_fails(crash_vector_variant_byte "^\\{\"error\":\"unknown variant id '\\\\\\\\xFF' \\(see 'heterochess variants'\\)\"\\}\n$"
          sh -c "\"$0\" moves --json --variant \"$(printf '\\377')\"" ${HC})
add_test(NAME cli_crash_vector_record_byte
         COMMAND sh -c "printf '1. e4 \\377 *' | \"$0\" validate - --json; test $? -eq 1" ${HC})
set_tests_properties(cli_crash_vector_record_byte PROPERTIES PASS_REGULAR_EXPRESSION
                     "\"column\":7,.*\"move\":\"�\",.*\"ok\":false")
cli_fails(bad_option_json "^\\{\"error\":\"The following argument was not expected: --nonsense\"\\}\n$"
          ${HC} moves --json --nonsense)

# Every bad numeric argument exits 2 with a message naming the option (CLI11 alone exited 104 or 105, read "-1"
# as a huge unsigned and "nan" as a number; --engine-depth and --tc were read with atoi/stod).
# (A bound on time: on the old code perft --depth 65, bench --depth 0 and serve --rate-limit nan ran without end.)
function(cli_bad_number name option)
  cli_fails(number_${name} "${option}: must be|${option} takes" ${ARGN})
  set_tests_properties(cli_number_${name} PROPERTIES TIMEOUT 60)
endfunction()
set(TWO_ENGINES --engine a=true --engine b=true)
cli_bad_number(perft_depth_overflow --depth ${HC} perft --depth 99999999999)
cli_bad_number(perft_depth_too_deep --depth ${HC} perft --depth 65)
cli_bad_number(perft_depth_text --depth ${HC} perft --depth abc)
cli_bad_number(moves_limit_zero --limit ${HC} moves --turns --limit 0)
cli_bad_number(moves_limit_negative --limit ${HC} moves --turns --limit -1)
cli_bad_number(moves_limit_overflow --limit ${HC} moves --turns --limit 99999999999999999999)
cli_bad_number(solve_mate_zero --mate ${HC} solve --mate 0)
cli_bad_number(solve_mate_negative --mate ${HC} solve --mate -2)
cli_bad_number(solve_nodes_negative --nodes ${HC} solve --mate 1 --nodes -1)
cli_bad_number(solve_time_zero --time ${HC} solve --mate 1 --time 0)
cli_bad_number(solve_time_nan --time ${HC} solve --mate 1 --time nan)
cli_bad_number(solve_time_inf --time ${HC} solve --mate 1 --time inf)
cli_bad_number(solve_max_solutions_negative --max-solutions ${HC} solve --mate 1 --max-solutions -1)
cli_bad_number(bench_depth_zero --depth ${HC} bench --depth 0)
cli_bad_number(bench_depth_overflow --depth ${HC} bench --depth 99999999999)
cli_bad_number(bench_nodes_small --nodes ${HC} bench --nodes 999)
cli_bad_number(match_games_zero --games ${HC} match ${TWO_ENGINES} --games 0)
cli_bad_number(match_concurrency_zero --concurrency ${HC} match ${TWO_ENGINES} --concurrency 0)
cli_bad_number(match_depth_negative --depth ${HC} match ${TWO_ENGINES} --depth -1)
cli_bad_number(match_nodes_text --nodes ${HC} match ${TWO_ENGINES} --nodes lots)
cli_bad_number(match_movetime_zero --movetime ${HC} match ${TWO_ENGINES} --movetime 0)
cli_bad_number(match_random_openings_negative --random-openings ${HC} match ${TWO_ENGINES} --random-openings -1)
cli_bad_number(match_seed_negative --seed ${HC} match ${TWO_ENGINES} --seed -1)
cli_bad_number(match_max_turns_zero --max-turns ${HC} match ${TWO_ENGINES} --max-turns 0)
cli_bad_number(match_engine_depth_text --engine-depth ${HC} match ${TWO_ENGINES} --engine-depth a=deep)
cli_bad_number(match_engine_movetime_negative --engine-movetime ${HC} match ${TWO_ENGINES} --engine-movetime a=-5)
cli_bad_number(match_tc_inf --tc ${HC} match ${TWO_ENGINES} --tc inf+0)
cli_bad_number(match_sprt_one_bound --sprt ${HC} match ${TWO_ENGINES} --sprt 5)
cli_bad_number(serve_port_negative --port ${HC} serve --port -1 --data ${CMAKE_CURRENT_BINARY_DIR}/serve_port)
cli_bad_number(serve_port_overflow --port ${HC} serve --port 99999999999 --data ${CMAKE_CURRENT_BINARY_DIR}/serve_port)
cli_bad_number(serve_rate_limit_nan --rate-limit ${HC} serve --rate-limit nan --data ${CMAKE_CURRENT_BINARY_DIR}/serve_rate)
cli_fails(perft_batch_bad_depth "line 1: depth must be an integer from 0 to 64, not '99999999999'"
          sh -c "printf 'chess\\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\\t99999999999\\n' | \"$0\" perft --batch -" ${HC})
# serve: engine pool flags out of range are refused before anything starts.
cli_bad_number(serve_engine_workers --engine-workers ${HC} serve --engine-workers 1 --port 0 --data ${CMAKE_CURRENT_BINARY_DIR}/serve_engine_flags)
cli_bad_number(serve_max_movetime --max-movetime-ms ${HC} serve --max-movetime-ms 0 --port 0 --data ${CMAKE_CURRENT_BINARY_DIR}/serve_engine_flags)
cli_bad_number(serve_max_depth --max-depth ${HC} serve --max-depth 65 --port 0 --data ${CMAKE_CURRENT_BINARY_DIR}/serve_engine_flags)
cli_bad_number(serve_header_timeout_nan --header-timeout ${HC} serve --header-timeout nan --port 0 --data ${CMAKE_CURRENT_BINARY_DIR}/serve_net_flags)
cli_bad_number(serve_games_per_minute_negative --games-per-minute ${HC} serve --games-per-minute -1 --port 0 --data ${CMAKE_CURRENT_BINARY_DIR}/serve_net_flags)

# bench/perft_bench: usage on --help; a bad id, option or count exits 2 with the message (it threw an uncaught
# VariantError for an unknown id, '--help' included, and read '--depth x' as 0).
set(PB $<TARGET_FILE:perft_bench>)
cli_test(perft_bench_help "^usage: perft_bench" ${PB} --help)
cli_fails(perft_bench_bad_id "perft_bench: unknown variant id 'nosuch'" ${PB} nosuch)
cli_fails(perft_bench_bad_depth "perft_bench: --depth x: want 1-10" ${PB} --depth x chess)
cli_fails(perft_bench_bad_option "perft_bench: unknown option '--bogus'" ${PB} --bogus)
cli_test(perft_bench_depth "chess +depth 3 +8902 nodes" ${PB} --depth 3 --repeats 1 chess)
# tune (Texel's method): fits a family's weights to the results of a PGN file of our own games.
cli_test(tune_fits "16 games \\(0 skipped\\), [0-9]+ quiet positions from turn 9 on\nK = [0-9.]+, error [0-9.]+ with the present weights\n.*explosion.hit = -?[0-9]+ \\(was [0-9]+\\)\n.*explosion.king_danger_pct = -?[0-9]+ \\(was [0-9]+\\)" ${HC} tune ${GAMES}/atomic_selfplay.pgn --family explosion)
cli_fails(tune_unknown_family "no weight of the family 'nope' \\(the weights: explosion.hit, " ${HC} tune ${GAMES}/atomic_selfplay.pgn --family nope)
cli_fails(tune_too_few "alice_postal.pgn' gives [0-9]+ quiet positions; at least 100 are needed" ${HC} tune ${GAMES}/alice_postal.pgn)
cli_fails(tune_unreadable "cannot read '/nonexistent.pgn'" ${HC} tune /nonexistent.pgn)
cli_bad_number(tune_skip_negative --skip-turns ${HC} tune ${GAMES}/atomic_selfplay.pgn --skip-turns -1)
