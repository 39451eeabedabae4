package mediagrpc_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
)

// TestANULInAnImagesTextIsRefusedByField: alt text with a NUL character
// made Postgres fail the save (500). It is refused with a 400's code and a
// message naming the field, as everywhere (the servers' shared rule), and
// the image keeps its text; an upload whose file name holds one is refused
// the same way before a byte is stored.
func TestANULInAnImagesTextIsRefusedByField(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	up, err := upload(e.staff, e.client, "liner.jpg", jpegOf(640, 480))
	require.NoError(t, err)

	_, err = e.client.UpdateImage(e.staff, &mediav1.UpdateImageRequest{Key: up.GetKey(), AltText: "Liner\x00 cured"})
	require.Equal(t, codes.InvalidArgument, status.Code(err))
	require.Equal(t, "Alt text contains an invisible character (NUL, U+0000) that cannot be saved or searched for. Remove it and try again.",
		status.Convert(err).Message())
	list, err := e.client.ListImages(e.staff, &mediav1.ListImagesRequest{})
	require.NoError(t, err)
	require.Len(t, list.GetImages(), 1)
	require.Empty(t, list.GetImages()[0].GetAltText())

	_, err = upload(e.staff, e.client, "roots\x00.jpg", jpegOf(320, 240))
	require.Equal(t, codes.InvalidArgument, status.Code(err))
	require.Contains(t, status.Convert(err).Message(), "Filename contains an invisible character")
	list, err = e.client.ListImages(e.staff, &mediav1.ListImagesRequest{})
	require.NoError(t, err)
	require.Len(t, list.GetImages(), 1)
}
