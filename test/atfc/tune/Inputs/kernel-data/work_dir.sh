# The check script of work_dir.cl: ATF_WORK_DIR is absolute and holds the
# checked buffer.
case "$ATF_WORK_DIR" in
/*) ;;
*) echo "ATF_WORK_DIR is relative: $ATF_WORK_DIR"; exit 1 ;;
esac
test -f "$ATF_WORK_DIR/buffer_6.npy" || { echo "no $ATF_WORK_DIR/buffer_6.npy"; exit 1; }
