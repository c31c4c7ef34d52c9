# cmake -DINPUT=FILE -DOUTPUT=FILE.inc -P AtfcEmbedText.cmake: writes the text
# of INPUT as a C++ raw string literal, for `constexpr ... = #include "FILE.inc";`.
file(READ ${INPUT} Text)
string(FIND "${Text}" ")atfc_text\"" Clash)
if(NOT Clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw string's delimiter )atfc_text\"")
endif()
file(WRITE ${OUTPUT}.tmp "R\"atfc_text(${Text})atfc_text\"\n")
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
