# Reasons of any bytes: X=1 writes a cost file of Latin-1 text, X=2 fails
# with Latin-1 and a cut UTF-8 sequence on standard error, X=3 costs 3.
#atf::tp name X range {1, 2, 3}
#atf::search_technique exhaustive
#atf::run_script "if [ $X = 1 ]; then printf 'caf\351 \342\202' > cost; elif [ $X = 2 ]; then printf 'erreur: r\351sultat \377\n' >&2; exit 3; else echo 3 > cost; fi"
#atf::cost_file "cost"
