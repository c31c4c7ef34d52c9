# A run script that fails for X=2 with a message on standard error; other
# configurations cost 3685921 + X (numbers that six digits cannot tell apart).
#atf::tp name X range {1, 2, 3}
#atf::search_technique exhaustive
#atf::run_script "if [ $X = 2 ]; then ./no-such-program; exit 127; fi; echo $((3685920 + X)) > cost"
#atf::cost_file "cost"
