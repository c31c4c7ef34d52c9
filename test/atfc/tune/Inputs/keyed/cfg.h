#define CFG_VALUE 0
